// The site's pages (index.html, replay.html, editor.html, learn.html) and its service worker
// (sw.js): they sit beside embed.js in the site and in `make dist`'s folder, and the board links
// to them (a record's replay, the editor, the learn page) rather than loading them. Their URLs are
// made at run time from the folder that holds embed.js (the asset base when one is set), not
// by a literal URL beside import.meta.url: a bundler would take each for an asset to copy
// (webpack stops when the file is not in the package).
// The npm package ships no pages (tools/build/package.mjs builds it with __G2048_SITE_PAGES__ false):
// there the board offers no link to one.
import { assetBase } from './assets.js';

/* global __G2048_SITE_PAGES__ */
/** The game page's storage key prefix (index.html's board), which the site's other pages read. */
export const PAGE_STORAGE_KEY = 'game2048';

/** Whether the site's pages are there to link to: in the site and `make dist`, not in the package. */
export const SITE_PAGES = typeof __G2048_SITE_PAGES__ === 'undefined' || __G2048_SITE_PAGES__ !== false;

// This module's own URL: www/shared/pages.js, two folders below the site's root.
const HERE = import.meta.url;

/** The URL of `name` (a page or sw.js) in the site's folder. */
export function pageUrl(name) {
  return new URL(name, assetBase() ?? new URL('../../', HERE));
}
