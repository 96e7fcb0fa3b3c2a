// Timing helpers of the converter benchmarks. The machine may be shared, so each comparison runs
// its sides interleaved several times and compares medians: one busy moment must not decide.

export async function timed(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}

/**
 * Runs every side once per round, one after another, for `rounds` rounds after one uncounted
 * warm-up round (first-run costs: file cache, lazy loading). Returns each side's timings. The order
 * turns by one each round, so no side always runs right after the same other one: ImageMagick
 * leaves both cores busy with its threads' wind-down and its output being written back, and the
 * side after it paid for that in every round.
 */
export async function interleaved<K extends string>(
  rounds: number,
  sides: Record<K, () => Promise<number>>,
): Promise<Record<K, number[]>> {
  const names = Object.keys(sides) as K[];
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round <= rounds; round += 1) {
    const order = names.map((_, index) => names[(index + round) % names.length] as K);
    for (const name of order) {
      const elapsed = await sides[name]();
      if (round > 0) times[name].push(elapsed);
    }
  }
  return times;
}

export function verdict(ok: boolean): string {
  return ok ? 'PASS' : 'FAIL';
}

export const ms = (value: number) => `${value.toFixed(0)} ms`;

/** "median (all runs)", to show how steady a measurement was. */
export const spread = (values: number[]) =>
  `${ms(median(values))} (${values.map((v) => v.toFixed(0)).join(', ')})`;
