// Persistence in localStorage under one key prefix. Every access is guarded:
// storage that throws (disabled, private mode, quota) switches persistence off
// and reports it once through `onUnavailable`; callers never see an exception.
const GAME_VERSION = 1;
const MAX_BACKUPS = 3;

export function createStorage({ prefix = 'game2048', backend, onUnavailable } = {}) {
  let store = null;
  let reported = false;
  const key = (name) => `${prefix}:${name}`;

  function disable() {
    store = null;
    if (!reported) {
      reported = true;
      onUnavailable?.();
    }
  }

  try {
    store = backend ?? globalThis.localStorage;
    const probe = key('probe');
    store.setItem(probe, '1');
    store.removeItem(probe);
  } catch {
    store = null;
  }

  function read(name) {
    if (!store) return null;
    try {
      return store.getItem(key(name));
    } catch {
      disable();
      return null;
    }
  }

  function write(name, value) {
    if (!store) return false;
    try {
      store.setItem(key(name), value);
      return true;
    } catch {
      return false;
    }
  }

  function readJSON(name) {
    const raw = read(name);
    if (raw == null) return null;
    try {
      return JSON.parse(raw);
    } catch {
      return null;
    }
  }

  return {
    prefix,
    get available() {
      return store !== null;
    },

    /** Call once the UI can show it: reports storage that was unusable from the start. */
    checkAvailable() {
      if (!store) disable();
      return store !== null;
    },

    /** The saved game as the raw string (null if none); parsing is the controller's job. */
    loadGameRaw() {
      return read('game');
    },

    /**
     * Saves a game. `serialize(maxHistory)` returns the engine's JSON; when the
     * full history exceeds the quota, a shorter history is tried before giving up.
     */
    saveGame({ mode, keepGoing, serialize }) {
      if (!store) return false;
      for (const history of [1000, 100, 0]) {
        const record = JSON.stringify({ version: GAME_VERSION, mode, keepGoing, game: serialize(history) });
        if (write('game', record)) return true;
      }
      disable();
      return false;
    },

    clearGame() {
      if (!store) return;
      try {
        store.removeItem(key('game'));
      } catch {
        disable();
      }
    },

    /** Keeps an unreadable value under `<prefix>:backup:<timestamp>`; returns the key or null. */
    backup(raw) {
      if (!store || raw == null) return null;
      try {
        const prefixBackup = key('backup:');
        const old = [];
        for (let i = 0; i < store.length; i++) {
          const k = store.key(i);
          if (k && k.startsWith(prefixBackup)) old.push(k);
        }
        old.sort((a, b) => Number(a.slice(prefixBackup.length)) - Number(b.slice(prefixBackup.length)));
        while (old.length >= MAX_BACKUPS) store.removeItem(old.shift());
        let stamp = Date.now();
        while (store.getItem(prefixBackup + stamp) !== null) stamp++;
        store.setItem(prefixBackup + stamp, raw);
        return prefixBackup + stamp;
      } catch {
        return null;
      }
    },

    loadBest(size, mode) {
      const n = Number(read(`best:${size}:${mode}`));
      return Number.isSafeInteger(n) && n > 0 ? n : 0;
    },

    saveBest(size, mode, score) {
      if (store && !write(`best:${size}:${mode}`, String(score))) disable();
    },

    loadSettings() {
      const s = readJSON('settings');
      return s && typeof s === 'object' && !Array.isArray(s) ? s : {};
    },

    saveSettings(settings) {
      if (store && !write('settings', JSON.stringify(settings))) disable();
    },
  };
}

export { GAME_VERSION };

/** A Storage-like object that lives in memory only (persist: off). */
export function memoryStorage() {
  const items = new Map();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => void items.set(k, String(v)),
    removeItem: (k) => void items.delete(k),
  };
}
