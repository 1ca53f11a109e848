// localStorage (or a Storage-like backend) under one key prefix, guarded: every access that
// throws (storage disabled, private mode, quota) switches it off and reports that once
// through `onUnavailable`; callers never see an exception. storage.js writes its formats
// through it.
const MAX_BACKUPS = 3;

/**
 * { prefix, backend (default localStorage), onUnavailable() }. Returns { on (storage works),
 * off() (switch it off and report), read(name), write(name, value) (false on failure),
 * remove(name) (false on failure), readJSON(name), backup(raw) }. A write or remove that fails
 * (a full storage) leaves storage on: the caller decides.
 */
export function createGuardedStorage({ prefix, backend, onUnavailable }) {
  let store = null;
  let reported = false;
  const key = (name) => `${prefix}:${name}`;

  function off() {
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
      off();
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

  function remove(name) {
    if (!store) return false;
    try {
      store.removeItem(key(name));
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

  /** Keeps an unreadable value under `<prefix>:backup:<timestamp>`; returns the key or null. */
  function backup(raw) {
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
  }

  return {
    get on() { return store !== null; },
    off,
    read,
    write,
    remove,
    readJSON,
    backup,
  };
}

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

/**
 * Copies every item under `from:` to `to:` in `backend` (default localStorage) when nothing is
 * under `to:` yet: saves made under an older key keep their games. Returns the number copied;
 * 0 when storage cannot be read. The items under `from:` stay.
 */
export function adoptItems({ from, to, backend }) {
  try {
    const store = backend ?? globalThis.localStorage;
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(Boolean);
    if (keys.some((k) => k.startsWith(`${to}:`))) return 0;
    const old = keys.filter((k) => k.startsWith(`${from}:`));
    for (const k of old) store.setItem(to + k.slice(from.length), store.getItem(k));
    return old.length;
  } catch {
    return 0;
  }
}
