// Runs one yt-dlp step with an operator's session and route, behind its own egress guard, and
// keeps their health: a failure the site blames on the session or the route (access-failures.ts)
// quarantines it, and the step runs again with another healthy pair, at most twice; a success
// forgives both. Content failures quarantine nothing and are not tried again. A visitor's own
// session is theirs to keep healthy: its step is run once.
import type { Platform } from '@grabbit/catalog';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import { behindEgressGuard } from '../net/egress-guard';
import { blameOf } from './access-failures';
import { accessPoolsFor } from './access-pools';
import { ytDlpAccess, type YtDlpAccess } from './access';
import type { PinnedAccess } from './access-choices';

/** Runs after the first, each with another pair when the site blamed the last one. */
export const maxAccessRetries = 2;

export type RunAccess = Omit<YtDlpAccess, 'upstreamProxy' | 'release' | 'used'>;

/** What the failure blames, when the run used an operator session or route: its ledger key. */
function blamedKey(error: unknown, used: YtDlpAccess['used']): { key: string; pool: string } | undefined {
  const line = error instanceof AppError && typeof error.cause === 'string' ? error.cause : undefined;
  const blame = line ? blameOf(line) : undefined;
  if (blame === 'session' && used.session) return { key: used.session, pool: 'session' };
  if (blame === 'route' && used.route) return { key: used.route, pool: 'route' };
  return undefined;
}

export interface AccessRunOptions {
  visitorCookiesFile?: string;
  /** The session or route this run must use (an operator's check of each): run once. */
  pinned?: PinnedAccess;
  /** Clears what a failed attempt left behind before the next one (a partly written file). */
  beforeRetry?: () => Promise<void>;
}

export async function runWithAccess<T>(
  config: Config,
  platform: Platform,
  options: AccessRunOptions,
  work: (proxyUrl: string, access: RunAccess) => Promise<T>,
): Promise<T> {
  const { ledger, log } = accessPoolsFor(config);
  // The run's outcome stands even when its record in a shared ledger (Redis) fails: it is logged.
  const unrecorded = () =>
    log.warn(
      { platform: platform.id },
      "the access pools' health could not be recorded (Redis unreachable?)",
    );
  for (let attempt = 0; ; attempt += 1) {
    const { upstreamProxy, release, used, ...access } = await ytDlpAccess(config, platform, options);
    let result: T;
    try {
      result = await behindEgressGuard(config.MEDIA_TEST_HOSTS, (proxyUrl) => work(proxyUrl, access), {
        upstream: upstreamProxy,
      }).finally(release);
    } catch (error) {
      const blamed = blamedKey(error, used);
      if (!blamed) throw error;
      const cooldownMs = await ledger.quarantine(blamed.key).catch(unrecorded);
      // The key names a session by its file under COOKIES_DIR and a route by its place in the list.
      if (cooldownMs !== undefined)
        log.warn(
          {
            platform: platform.id,
            [blamed.pool]: blamed.key,
            cooldownSeconds: Math.round(cooldownMs / 1000),
          },
          `${blamed.pool} quarantined: the site refused it`,
        );
      if (attempt >= maxAccessRetries || options.visitorCookiesFile || options.pinned) throw error;
      await options.beforeRetry?.();
      continue;
    }
    const forgiven = [used.session, used.route].filter((key) => key !== undefined);
    await Promise.all(forgiven.map((key) => ledger.succeeded(key))).catch(unrecorded);
    return result;
  }
}
