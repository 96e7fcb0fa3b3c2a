// The health answer from the engine statuses found at start-up: the version, each engine, and a
// warning per missing engine, an old yt-dlp or the system's yt-dlp standing in for the project's.
import { appVersion } from '@grabbit/catalog';
import type { EngineStatus, Health, YtDlpHealth } from '@grabbit/contracts';
import { ytDlpAgeDays, ytDlpAgeWarning, ytDlpFallbackWarning } from './release-age';
import { accessReport } from './access-health';
import type { AccessSettings } from './access-pools';
import { jsRuntimeFor, nodeRuntimeWarning, type YtDlpEngine } from './options';

export async function healthReport(
  statuses: EngineStatus[],
  config: YtDlpEngine & AccessSettings,
): Promise<Health> {
  const warnings = statuses
    .filter((s) => !s.available)
    .map((s) => `${s.name} is missing (package ${s.package})`);
  const version = statuses.find((s) => s.name === 'yt-dlp')?.version;
  const runtime = await jsRuntimeFor(config);
  // Which yt-dlp runs: sites change weekly, so its age and origin matter to an operator.
  const ytDlp: YtDlpHealth = {
    version: version ?? null,
    ageDays: ytDlpAgeDays(version) ?? null,
    source: config.YTDLP_SOURCE,
    // Asked of yt-dlp once (memoised), on the first /health rather than at every start. Its name
    // only: the path would show where and how the server is installed.
    jsRuntime: runtime?.split(':')[0] ?? null,
  };
  const runtimeWarning = nodeRuntimeWarning(runtime ?? null);
  for (const warning of [ytDlpFallbackWarning(config), ytDlpAgeWarning(version), runtimeWarning]) {
    if (warning) warnings.push(warning);
  }
  const { access, warnings: accessWarnings } = await accessReport(config);
  warnings.push(...accessWarnings);
  return {
    status: statuses.every((s) => s.available) ? 'ok' : 'degraded',
    version: appVersion,
    engines: statuses,
    ytDlp,
    warnings,
    ...(Object.keys(access).length > 0 ? { access } : {}),
  };
}
