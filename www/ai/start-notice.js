// Whether the AI waits for a worker to start, told to onStarting({attempt, of} | null): a wait
// once it is STARTING_NOTICE ms old (a worker that starts at once after a cancel, as after every
// Stop, says nothing), a later try at once, its end at once.

// ms a request waits for a worker before onStarting hears of it.
export const STARTING_NOTICE = 250;

/** waiting(): the wait now ({attempt, of}) or null. Returns {update(), end()}. */
export function createStartNotice(onStarting, waiting) {
  let shown = null; // the wait last reported, or null
  let timer = 0; // a wait not yet STARTING_NOTICE ms old

  function update() {
    if (!onStarting) return;
    const now = waiting();
    if (!now) {
      clearTimeout(timer);
      timer = 0;
      if (shown) onStarting((shown = null));
    } else if (shown) {
      if (now.attempt !== shown.attempt) onStarting((shown = now));
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = 0;
        shown = waiting();
        if (shown) onStarting(shown);
      }, STARTING_NOTICE);
    }
  }

  return { update, end: () => clearTimeout(timer) };
}
