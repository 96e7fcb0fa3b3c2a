// The health answer from the engine statuses found at start-up: the version, each engine, and a
// warning per missing engine or an old yt-dlp.
import { appVersion } from '@grabbit/catalog';
import type { EngineStatus, Health } from '@grabbit/contracts';
import { ytDlpAgeWarning } from './engines';

export function healthReport(statuses: EngineStatus[]): Health {
  const warnings = statuses
    .filter((s) => !s.available)
    .map((s) => `${s.name} is missing (package ${s.package})`);
  const ageWarning = ytDlpAgeWarning(statuses.find((s) => s.name === 'yt-dlp')?.version);
  if (ageWarning) warnings.push(ageWarning);
  return {
    status: statuses.every((s) => s.available) ? 'ok' : 'degraded',
    version: appVersion,
    engines: statuses,
    warnings,
  };
}
