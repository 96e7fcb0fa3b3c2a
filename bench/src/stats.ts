// Figures of repeated runs, printed the same way by every group.
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
/** How much the runs varied: their lowest and highest values. */
export const spread = (values: number[], unit = ms) =>
  `${unit(Math.min(...values))}-${unit(Math.max(...values))}`;
/** The mark after a figure and its budget. */
export const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER BUDGET');
