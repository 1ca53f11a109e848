// The network you trained on the learn page, kept in this browser (IndexedDB, one record):
// the learn page saves and reloads it, the game page's "your network" strategies play with
// it. Loaded only where it is needed (learn.html, and the game page when one of those
// strategies plays). Every failure (no IndexedDB, private mode, a full disk, a blocked
// database) rejects with an Error whose text says so in words; nothing else is touched.
import { SITE_PAGES, pageUrl } from '../shared/pages.js';

const DB = 'game2048-networks';
const STORE = 'networks';
const KEY = 'yours';

const reason = (e) => (e && e.message ? e.message : e?.name ?? String(e));
const unavailable = (e) => new Error(`the browser's storage (IndexedDB) is unavailable here (${reason(e)})`);

function open() {
  return new Promise((resolve, reject) => {
    let request;
    try {
      if (typeof indexedDB === 'undefined' || !indexedDB) throw new Error('this browser has no IndexedDB');
      request = indexedDB.open(DB, 1);
    } catch (e) {
      reject(unavailable(e));
      return;
    }
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(unavailable(request.error));
    request.onblocked = () => reject(unavailable(new Error('another tab holds an older version of the database open')));
  });
}

// One request in a transaction of its own; the database is closed once it ends.
async function run(mode, make) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      let result;
      let tx;
      try {
        tx = db.transaction(STORE, mode);
        const request = make(tx.objectStore(STORE));
        request.onsuccess = () => { result = request.result; };
      } catch (e) {
        reject(unavailable(e));
        return;
      }
      tx.oncomplete = () => resolve(result);
      tx.onerror = () => reject(unavailable(tx.error));
      tx.onabort = () => reject(tx.error?.name === 'QuotaExceededError'
        ? new Error("the browser's storage is full: your network was not saved")
        : unavailable(tx.error ?? new Error('the write was cancelled')));
    });
  } finally {
    db.close();
  }
}

/**
 * Saves a network: bytes (its weights file, a Uint8Array) and what the learn page shows of
 * it ({games, curve, ...}). Resolves once written; rejects with the reason in words.
 */
export function saveNetwork(bytes, meta = {}) {
  const record = { ...meta, bytes: new Uint8Array(bytes), savedAt: Date.now() };
  return run('readwrite', (s) => s.put(record, KEY));
}

/**
 * The saved network: {bytes, games, savedAt, ...} or null when none is saved; rejects when
 * the storage cannot be read. The bytes are not checked here: the engine's loadWeights names
 * what is wrong with a damaged file.
 */
export async function loadNetwork() {
  const record = await run('readonly', (s) => s.get(KEY));
  if (record == null) return null;
  const bytes = record.bytes instanceof Uint8Array ? record.bytes : record.bytes instanceof ArrayBuffer ? new Uint8Array(record.bytes) : new Uint8Array(0);
  return { ...record, bytes };
}

/** Forgets the saved network (resolves when done). */
export function forgetNetwork() {
  return run('readwrite', (s) => s.delete(KEY));
}

/**
 * The saved network's bytes for the game page's "your network" strategies. Rejects with
 * the reason in words and `learn` (the learn page's address) when none is saved or the
 * storage cannot be read.
 */
export async function yourNetwork() {
  const learn = SITE_PAGES ? pageUrl('learn.html').href : undefined;
  let record;
  try {
    record = await loadNetwork();
  } catch (e) {
    throw Object.assign(new Error(`your network could not be read: ${e.message}`), { learn });
  }
  if (!record) throw Object.assign(new Error('no network of yours is saved in this browser: train one on the Learn page, and it is saved when you pause or press Save'), { learn });
  return record.bytes;
}
