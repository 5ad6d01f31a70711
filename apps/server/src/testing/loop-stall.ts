import { performance } from 'node:perf_hooks';

/**
 * Runs `work` and gives the longest gap, in ms, between ticks of a 5 ms timer meanwhile (at least
 * `minWindowMs` of them): how long the event loop was held while it ran.
 */
export async function longestStallDuring(work: () => Promise<void>, minWindowMs = 300): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  try {
    await work();
    const left = minWindowMs - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  } finally {
    clearInterval(timer);
  }
  return Math.max(longest, performance.now() - last);
}
