// The replay page's entry (replay.html#2048r1....&at=N[&review=1]): reads the record from the
// link's fragment, or from a file picked or dropped, and shows its replay (replay-view.js),
// with its review open when the link asks. With no link it lists your games (your-games.js):
// the game in progress and the games kept to review. A record the engine refuses shows the
// engine's reason and a way back to the game in progress, which is never touched: this page
// saves nothing.
import { loadRecords } from '../shared/wasm.js';
import { el, add } from '../shared/dom.js';
import { applySavedTheme } from '../shared/page-theme.js';
import { createReplayView } from './replay-view.js';
import { readFragment, readRecordFile, continueUrl, FILE_EXTENSION } from './record-io.js';
import { yourGames } from './your-games.js';

const body = document.querySelector('[data-replay]') ?? document.body;
applySavedTheme(body);
const page = add(body, el('main', 'game replay-page'));
const nav = add(page, el('nav', 'page-nav'));
const back = add(nav, el('a', 'page-back', '← Back to your game'));
back.href = 'index.html';
const editorLink = add(nav, el('a', 'page-editor', 'Set up a position'));
editorLink.href = 'editor.html';
// The page's heading while no game is shown (a replay's board has its own).
const heading = add(page, el('h1', 'title page-title', 'Replay a game'));
const problem = add(page, el('div', 'record-problem'));
problem.setAttribute('role', 'alert');
problem.hidden = true;
const holder = add(page, el('div', 'replay-holder'));
const games = add(page, el('section', 'your-games'));
games.hidden = true;
const opener = add(page, el('div', 'record-open'));
const openLabel = add(opener, el('label', 'record-open-label', 'Open a game record file (or drop it on the page): '));
const picker = add(openLabel, el('input', 'record-file'));
picker.type = 'file';
picker.accept = `${FILE_EXTENSION},.txt,text/plain`;
const pasteForm = add(opener, el('form', 'record-paste'));
const pasteLabel = add(pasteForm, el('label', null, 'or paste a record: '));
const pasteField = add(pasteLabel, el('input', 'record-paste-field'));
pasteField.placeholder = '2048r1.…';
add(pasteForm, el('button', 'btn record-paste-go', 'Open')).type = 'submit';

let engine = null;
let view = null;
let shown = null; // the engine's Replay on show
let shownHash = null; // the fragment last read

function showProblem(where, reason) {
  problem.textContent = '';
  add(problem, el('p', 'record-problem-text', `${where} cannot be replayed: ${reason}.`));
  const p = add(problem, el('p', 'record-problem-next'));
  p.append(view ? 'The replay shown is unchanged. ' : 'Nothing was changed. ');
  const keep = add(p, el('a', 'keep-playing', 'Keep playing your game'));
  keep.href = 'index.html';
  p.append(', or open another record below.');
  problem.hidden = false;
}

/** Shows the replay of `text` (`review`: its review open); a record the engine refuses leaves the page as it was. */
function open(text, { where, at, review = false } = {}) {
  let replay;
  try {
    replay = new engine.Replay(text);
  } catch (e) {
    showProblem(where, e?.message ?? String(e));
    return false;
  }
  problem.hidden = true;
  heading.hidden = true;
  games.hidden = true;
  view?.destroy();
  shown?.free();
  shown = replay;
  view = createReplayView(body, replay, {
    text,
    at,
    engine,
    ownsPage: true,
    onContinue: (n, { ai }) => { location.href = continueUrl(text, n, { ai }); },
  });
  holder.replaceChildren(view.element);
  if (review) view.openReview();
  return true;
}

// The address shows the record opened (a reload or a copied address opens it again).
function remember(text) {
  history.replaceState(null, '', `#${text}`);
  shownHash = location.hash;
}

async function openFile(file) {
  if (!file) return;
  let text;
  try {
    text = await readRecordFile(file);
  } catch (e) {
    showProblem(`The file "${file.name}"`, e.message.replace(/^the file "[^"]*" /, 'it '));
    return;
  }
  if (open(text, { where: `The file "${file.name}"` })) remember(text);
}

picker.addEventListener('change', () => {
  openFile(picker.files[0]);
  picker.value = '';
});
pasteForm.addEventListener('submit', (e) => {
  e.preventDefault();
  const text = pasteField.value.trim();
  if (text && open(text, { where: 'That record' })) remember(text);
});
document.addEventListener('dragover', (e) => {
  if ([...(e.dataTransfer?.types ?? [])].includes('Files')) e.preventDefault();
});
document.addEventListener('drop', (e) => {
  if (!e.dataTransfer?.files?.length) return;
  e.preventDefault();
  openFile(e.dataTransfer.files[0]);
});

// The record in the address: on load, and when only the fragment changes (a link pasted
// into the address bar of this page does not reload it).
function fromAddress() {
  if (location.hash === shownHash) return;
  shownHash = location.hash;
  const link = readFragment(location.hash);
  if (link?.record) open(link.record, { where: 'The game in this link', at: link.at, review: link.review });
  else {
    // No link (the page's own address, or back from a replay opened from the list): your games.
    view?.destroy();
    shown?.free();
    view = shown = null;
    heading.hidden = false;
    games.replaceChildren(...yourGames(engine));
    games.hidden = false;
  }
}

try {
  engine = await loadRecords();
  fromAddress();
  addEventListener('hashchange', fromAddress);
  body.setAttribute('data-ready', '');
} catch (e) {
  showProblem('This page', `the game could not be loaded (${e?.message ?? e}); please reload`);
}
