// Small edits of an ffmpeg output argument list (`-flag value` pairs), shared by the converter's
// options and the target-size step, so both change a plan the same way.

/** The index of the value after `flag`, or 0 when the flag is absent. */
export function valueAfter(args: readonly string[], flag: string): number {
  return args.indexOf(flag) + 1;
}

/** Puts `filter` first in the video filter chain (`-vf`), or adds a chain before the video codec. */
export function prependVideoFilter(args: string[], filter: string): void {
  const at = valueAfter(args, '-vf');
  if (at > 0) args[at] = `${filter},${args[at]}`;
  else if (args.includes('-c:v')) args.splice(args.indexOf('-c:v'), 0, '-vf', filter);
}

/** The list without the named flags and their values. */
export function withoutOptions(args: readonly string[], flags: ReadonlySet<string>): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (flags.has(args[i] ?? '')) i++;
    else kept.push(args[i] ?? '');
  }
  return kept;
}

/** Inserts `extra` right after `flag value` (such as after `-c:v libx264`); nothing when absent. */
export function insertAfterOption(args: string[], flag: string, extra: readonly string[]): void {
  const at = valueAfter(args, flag);
  if (at > 0) args.splice(at + 1, 0, ...extra);
}

/** The value of `flag` (such as the encoder after `-c:a`), if the list has it. */
export function optionValue(args: readonly string[], flag: string): string | undefined {
  const at = valueAfter(args, flag);
  return at > 0 ? args[at] : undefined;
}
