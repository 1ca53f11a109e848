// The game's record links, a small line under the board: Share (a dialog with the replay
// link, copy and download, loaded when first opened: share.js) and the board editor. The
// replay, review and editor pages load their own code; nothing of it is in a first visit.
import { SITE_PAGES, pageUrl } from '../shared/pages.js';
import { el, add, button } from '../shared/dom.js';

/** handlers: { share() }. */
export function createRecordBar(handlers) {
  const bar = el('div', 'record-bar');
  add(bar, button('btn-link share-button', 'Share or replay this game', () => handlers.share()));
  if (SITE_PAGES) {
    const editor = add(bar, el('a', 'btn-link editor-link', 'Set up a position'));
    editor.href = pageUrl('editor.html').href;
  }
  return { element: bar };
}
