// A file's bytes fetched whole, its progress reported as they arrive: the learned network's
// download (ai/network.js) and the endgame set's (ai/endgame.js).

/**
 * Resolves to the bytes at `url` (a Uint8Array); progress({loaded, total}) as they come
 * (total: null when the server does not say, e.g. a compressed response). Rejects with
 * "`what` could not be downloaded (the reason)".
 */
export async function downloadBytes(url, what, progress = () => {}) {
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new Error(`${what} could not be downloaded (${e?.message ?? e})`);
  }
  if (!response.ok) throw new Error(`${what} could not be downloaded (HTTP ${response.status})`);
  const length = Number(response.headers.get('content-length'));
  const total = length > 0 && !response.headers.get('content-encoding') ? length : null;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const parts = [];
  let loaded = 0;
  progress({ loaded, total });
  for (;;) {
    let next;
    try {
      next = await reader.read();
    } catch (e) {
      throw new Error(`${what} could not be downloaded (${e?.message ?? e})`);
    }
    if (next.done) break;
    parts.push(next.value);
    loaded += next.value.length;
    progress({ loaded, total });
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return bytes;
}
