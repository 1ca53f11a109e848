// The share dialog (loaded when first opened): the link to the game's replay, copied to
// the clipboard (or selected in a text field where the clipboard is refused), the record
// as a file, and the replay itself. A link of any length is given; a long one says that
// some apps cut long links and offers the file, which holds the same record. Where there is
// no replay page to link to (the npm package ships none: pages.js), the record itself is
// given to copy, and the replay opens in the board.
import { el, add, button, linkSheet } from '../shared/dom.js';
import { SITE_PAGES } from '../shared/pages.js';
import { LONG_LINK, replayUrl, download, fileName } from './record-io.js';

/**
 * Opens the dialog in `frame` for a game: { record, size, score, moves, over, replay() (shows
 * the record's replay in the board: where no replay page is linked) }.
 */
export function openShare(frame, game) {
  frame.querySelector('.share-dialog')?.remove();
  const dialog = add(frame, el('dialog', 'dialog share-dialog'));
  const title = add(dialog, el('h2', 'share-title', 'Share this game'));
  title.id = `share-title-${Date.now()}`;
  dialog.setAttribute('aria-labelledby', title.id);
  const link = SITE_PAGES ? replayUrl(game.record) : game.record;
  const what = `${game.over ? 'A finished game' : 'The game so far'}: ${game.moves.toLocaleString('en')} moves, score ${game.score.toLocaleString('en')}.`;
  add(dialog, el('p', 'share-what', SITE_PAGES
    ? `${what} The link opens its replay, where you can step through it, have the AI review your moves, or play on from any move.`
    : `${what} Its record holds every move: copy it or save it as a file, and replay it here.`));
  const field = add(dialog, el('input', 'share-link'));
  field.readOnly = true;
  field.value = link;
  field.setAttribute('aria-label', SITE_PAGES ? 'Link to the replay' : 'The game\'s record');
  field.addEventListener('focus', () => field.select());
  if (SITE_PAGES && link.length > LONG_LINK) {
    add(dialog, el('p', 'share-long', `This link is ${link.length.toLocaleString('en')} characters long. Browsers open it, but some mail and chat apps cut long links: send the file instead (it holds the same record; the replay page opens it).`));
  }
  const status = add(dialog, el('p', 'share-status'));
  status.setAttribute('role', 'status');
  const buttons = add(dialog, el('div', 'dialog-buttons'));
  add(buttons, button('btn share-copy', SITE_PAGES ? 'Copy link' : 'Copy record', async () => {
    try {
      await navigator.clipboard.writeText(link);
      status.textContent = SITE_PAGES ? 'Link copied.' : 'Record copied.';
    } catch {
      field.focus();
      field.select();
      status.textContent = `The browser did not let the page copy: the ${SITE_PAGES ? 'link' : 'record'} is selected, press Ctrl+C (⌘C) to copy it.`;
    }
  }));
  add(buttons, button('btn share-download', 'Download file', () => download(frame.ownerDocument, game.record, fileName(game))));
  if (SITE_PAGES) {
    const open = add(buttons, el('a', 'btn share-open', 'Open replay'));
    open.href = link;
    open.target = '_blank';
    open.rel = 'noopener';
  } else {
    add(buttons, button('btn share-open', 'Replay', () => {
      dialog.close();
      game.replay();
    }));
  }
  const close = add(buttons, button('btn share-close', 'Close', () => dialog.close()));
  dialog.addEventListener('close', () => dialog.remove());
  // Shown once its rules (records.css; panel.css's links and buttons) are there.
  Promise.all([linkSheet(frame, 'records.css'), linkSheet(frame, 'panel.css')]).then(() => {
    if (!dialog.isConnected) return;
    try {
      dialog.showModal();
    } catch {
      dialog.setAttribute('open', '');
    }
    close.focus();
  });
  return dialog;
}
