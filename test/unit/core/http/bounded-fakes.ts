/**
 * Fakes for retry tests that fail instead of hanging. A fake sleep or fetch that
 * resolves at once turns a "retry forever" bug into an endless chain of promises that
 * never yields to a timer, so the test's own time limit never fires. These throw past
 * a budget, with an error the client does not retry on (sleep) or that ends the test.
 */

/** Resolves at once, records each wait, and throws on call `limit + 1`. */
export function boundedSleep(limit = 20) {
  const waits: number[] = [];
  const sleep = async (ms: number): Promise<void> => {
    if (waits.length >= limit) throw new Error(`waited ${limit + 1} times: a retry loop`);
    waits.push(ms);
  };
  return { sleep, waits };
}
