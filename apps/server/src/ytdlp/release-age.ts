// How old the yt-dlp that runs is, and whether it is the project's: sites change weekly, so both
// matter to an operator (start-up output and /health).
import type { YtDlpEngine } from './options';

/** Days since a yt-dlp release: its versions are dates (2025.10.22). */
export function ytDlpAgeDays(version: string | undefined, now = new Date()): number | undefined {
  const match = /^(\d{4})\.(\d{2})\.(\d{2})/.exec(version ?? '');
  if (!match) return undefined;
  const released = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Math.floor((now.getTime() - released) / 86_400_000);
}

/** Sites change weekly, so an old yt-dlp is worth a warning. */
export function ytDlpAgeWarning(
  version: string | undefined,
  now = new Date(),
  maxAgeDays = 60,
): string | undefined {
  const ageDays = ytDlpAgeDays(version, now);
  if (ageDays === undefined || ageDays <= maxAgeDays) return undefined;
  return `yt-dlp ${version} is ${ageDays} days old; sites change often, update it (see README).`;
}

/**
 * Set-up could not install the project's pinned yt-dlp (pip failed), so the system's runs: one
 * line for the start-up output and /health.
 */
export function ytDlpFallbackWarning(config: YtDlpEngine): string | undefined {
  if (config.YTDLP_SOURCE !== 'system') return undefined;
  return `yt-dlp: the project environment has none (${config.YTDLP_PROJECT_PATH}), so the system's yt-dlp runs and may fail on today's sites; run scripts/setup.sh (see README, Operating).`;
}
