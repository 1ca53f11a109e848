// An embedder's loadRecord(text, {replay: true}) (loaded when first used): the record's
// replay over the board, with "Play on from here" (the game asks before it replaces a game
// in progress) and "Back to the game". A record the engine refuses changes nothing.
import { el, linkSheet } from '../shared/dom.js';
import { createReplayView } from './replay-view.js';

/** Resolves to true when shown; false (a notice and an `error` event) for a bad record. */
export async function showReplay({ engine, view, controller, text, at, emit }) {
  let replay;
  try {
    replay = new engine.Replay(text);
  } catch (e) {
    const reason = e?.message ?? String(e);
    view.notice(`That game record cannot be replayed: ${reason}. Your game is unchanged; keep playing.`);
    emit('error', { message: reason, source: 'record' });
    return false;
  }
  const host = view.frame.parentNode;
  // The replay's rules (records.css, and panel.css's charts and choices, which a board
  // without the full panel has not linked), in the board's shadow root or document, first.
  await Promise.all([linkSheet(host, 'records.css'), linkSheet(host, 'panel.css')]);
  if (!host.isConnected) {
    replay.free();
    return false;
  }
  const theme = [...host.classList].find((c) => c.startsWith('theme-')) ?? 'theme-light';
  const box = el('div', `g2048 replay-embed ${theme}`);
  view.frame.hidden = true;
  host.append(box);
  let shown = null;
  const close = () => {
    shown.destroy();
    replay.free();
    box.remove();
    view.frame.hidden = false;
  };
  shown = createReplayView(box, replay, {
    text,
    at,
    engine,
    keyTarget: box,
    onClose: close,
    onContinue: async (n, { ai }) => {
      close();
      await controller.loadRecord(text, { at: n, ai });
    },
  });
  return true;
}
