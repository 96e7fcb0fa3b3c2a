// Polls a condition until it holds; fails with `what` after the time limit. For tests that wait
// on other processes (Redis, workers, sockets), where there is no event to await.
export async function until(
  check: () => Promise<boolean> | boolean,
  what = 'condition',
  timeoutMs = 20_000,
): Promise<void> {
  const { ended } = await polled(async () => check(), Boolean, timeoutMs);
  if (!ended) throw new Error(`${what}: not met within ${timeoutMs} ms`);
}

/**
 * Reads `read` until `ended` holds of what it answered, or the time limit passes: the last answer,
 * and whether it ended (a caller decides whether a timeout throws or is asserted on).
 */
export async function polled<T>(
  read: () => Promise<T>,
  ended: (value: T) => boolean,
  timeoutMs: number,
  intervalMs = 50,
): Promise<{ value: T; ended: boolean }> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ended(value)) return { value, ended: true };
    if (Date.now() > end) return { value, ended: false };
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
