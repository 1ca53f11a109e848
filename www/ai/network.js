// The learned network (NETWORK_FILE: a weights file compressed with gzip, 15.2 MB, so that its
// download has that size whatever the host's compression settings): the weights `td` and
// `expectimax-td` play with. Not part of the first visit: it is downloaded once per page,
// when a learned strategy is first picked or asked to move on 4x4, relative to this module
// (so under a sub-path, or from another origin with CORS, like the wasm), and the HTTP cache
// (or the service worker, once downloaded) keeps it. The compressed bytes go to the AI
// workers that play with it (pool.js), which decompress, read and check them as a stream
// (worker.js).
// Its one name: dist, the service worker's lazy files and the tests read it from here.
import { megabytes } from '../shared/choices.js';
import { ASSETS } from '../shared/assets.js';
import { downloadBytes } from '../shared/download.js';

export const NETWORK_FILE = 'networks/4x6-l16.ntw.gz';
/** The network's URL (assets.js: next to the modules, or under the asset base). */
export const networkUrl = () => ASSETS.network();

/** "Downloading the learned network: 1.4 of 15.2 MB" (or "1.4 MB" when the size is unknown): the compare page's status. */
export function progressText(progress) {
  return `Downloading the learned network: ${megabytes(progress)}`;
}

let download = null;
const listeners = new Set();

/**
 * Resolves to the network file's bytes (a Uint8Array), fetched once per page;
 * onProgress({loaded, total}) as they come (total: null when the server does not say,
 * e.g. a compressed response). Rejects with the reason in words; a later call tries again.
 */
export function fetchNetwork({ url = networkUrl(), onProgress } = {}) {
  if (onProgress) listeners.add(onProgress);
  const progress = (p) => { for (const f of listeners) f(p); };
  if (!download) {
    download = downloadBytes(url, 'the learned network', progress);
    const mine = download;
    mine.catch(() => { if (download === mine) download = null; });
    mine.finally(() => listeners.clear()).catch(() => {});
  }
  return download;
}
