// The learned networks' distribution: each network (the shipped one, or "yours" from the learn
// page) downloaded once, read once by the first worker (the one every learned request asks),
// and handed to any other worker that needs it as {kind, key, message}, which the worker pool posts just
// before that worker's first request for it. A network that cannot be downloaded or read is
// reported once (onNetwork's error); the shipped one's failure stays for the page's life, the
// others' until a retry (a strategy picked, Start AI, Step, Hint), so that a network saved
// meanwhile on the learn page plays then.
import { SHIPPED } from '../shared/choices.js';
import { errorText as message } from '../shared/errors.js';

/**
 * providers: {key: ({onProgress}) => Promise of the bytes}; read(bytes, key): resolves to the
 * first worker's reading ({shape, ...}) or rejects (with .unavailable when the AI is off);
 * onNetwork({network: key} and {loading} | {progress} | {reading} | {loaded: info} | {error,
 * learn?, again?}); off(): the error to throw when the AI went off during a download, or null.
 */
export function createNetworks({ providers, read, onNetwork, off }) {
  const nets = new Map(); // key -> {bytes, info, error, promise}

  // Network `key`'s entry: {bytes (downloaded), info (read: the learned strategy plays), error
  // (why it cannot be had), promise (of info)}. The download starts on the first call.
  function load(key, { retry = false } = {}) {
    const had = nets.get(key);
    if (had && !(retry && had.error && key !== SHIPPED)) return had;
    const entry = { bytes: null, info: null, error: null, promise: null };
    nets.set(key, entry);
    const what = key === SHIPPED ? 'the learned network' : 'your network';
    const report = (state) => onNetwork?.({ network: key, ...state });
    report({ loading: true });
    entry.promise = (async () => {
      try {
        let bytes;
        try {
          if (!providers[key]) throw new Error(`${what} is not known here`);
          bytes = await providers[key]({ onProgress: (progress) => report({ progress }) });
        } catch (e) {
          throw /network/.test(message(e)) ? e : Object.assign(new Error(`${what} could not be loaded (${message(e)})`), { learn: e?.learn });
        }
        const gone = off();
        if (gone) throw gone;
        entry.bytes = bytes;
        report({ reading: true });
        try {
          entry.info = await read(bytes, key);
        } catch (e) {
          throw e.unavailable ? e : new Error(`${what} could not be read (${message(e)})`);
        }
      } catch (e) {
        if (e.unavailable) throw e;
        entry.error = Object.assign(new Error(message(e)), { network: true, learn: e.learn });
        report({ error: message(e), learn: e.learn, ...(had?.error && message(had.error) === message(e) ? { again: true } : {}) });
        throw entry.error;
      }
      report({ loaded: entry.info });
      return entry.info;
    })();
    entry.promise.catch(() => {});
    return entry;
  }

  return {
    load,
    /** Network `key`'s entry if it was ever asked for, else undefined. */
    get: (key) => nets.get(key),
    /** Whether network `key` is read (a learned strategy plays with it). */
    held: (key) => Boolean(nets.get(key)?.info),
    /** What a worker needs posted before a request that plays network `key` (workers.js's needs). */
    needs: (key) => (key ? { kind: 'weights', key, message: { weights: nets.get(key).bytes } } : null),
  };
}
