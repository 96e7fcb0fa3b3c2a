// Polls a condition until it holds; fails with `what` after the time limit. For tests that wait
// on other processes (Redis, workers, sockets), where there is no event to await.
export async function until(
  check: () => Promise<boolean> | boolean,
  what = 'condition',
  timeoutMs = 20_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
