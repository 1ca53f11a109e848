// The AI's request in flight, for the AI player: only the latest one's answer counts. A newer
// request, or cancel(), aborts it, which ends the worker busy with it (wasm cannot be
// interrupted), so the next request is answered at once.
export function createLatestRequest(ai) {
  let request = null; // the AbortController of the request in flight

  function cancel() {
    request?.abort();
    request = null;
  }

  return {
    cancel,
    /**
     * Asks the pool to decide `position` ({cells, size}) with `options`; then(result), or
     * failed(error) for a failure other than a cancel, runs only if no newer request was made
     * and this one was not cancelled since.
     */
    ask({ cells, size }, options, then, failed) {
      cancel();
      const mine = new AbortController();
      request = mine;
      ai.decide(cells, size, options, { signal: mine.signal }).then(
        (result) => {
          if (request !== mine) return;
          request = null;
          then(result);
        },
        (e) => {
          if (request !== mine || e?.name === 'AbortError') return;
          request = null;
          failed(e);
        },
      );
    },
  };
}
