// Runs one yt-dlp step with an operator's session and route, behind its own egress guard, and
// keeps their health. A failure the site seems to blame on the session or the route
// (access-failures.ts) rests it only on evidence the visitor cannot make: the platform's check
// link, read with the same pair, fails too (access-check.ts). Then the step runs again with
// another healthy pair, at most twice. Otherwise the link failed on its own: the job ends with its
// own message, and no other session is tried for it. A success forgives both. Content failures
// rest nothing and are not tried again. A visitor's own session is theirs to keep healthy: its step
// is run once; a pinned one (the operator's check of each) is rested on its own failure.
import type { Platform } from '@grabbit/catalog';
import type { Config } from '../config/env';
import { behindEgressGuard } from '../net/egress-guard';
import type { AccessBlame } from './access-failures';
import { blameOfFailure, checkAllowed, checkWithSame } from './access-check';
import { accessPoolsFor } from './access-pools';
import { ytDlpAccess, type YtDlpAccess } from './access';
import type { PinnedAccess } from './access-choices';

/** Runs after the first, each with another pair when the site blamed the last one. */
export const maxAccessRetries = 2;

export type RunAccess = Omit<YtDlpAccess, 'upstreamProxy' | 'release' | 'used'>;

/** The ledger key of the operator's session or route a blame names, when the run used one. */
function blamedKey(blame: AccessBlame | undefined, used: YtDlpAccess['used']) {
  if (blame === 'session' && used.session) return { key: used.session.key, pool: 'session' };
  if (blame === 'route' && used.route) return { key: used.route.key, pool: 'route' };
  return undefined;
}

export interface AccessRunOptions {
  visitorCookiesFile?: string;
  /** The session or route this run must use (an operator's check of each): run once. */
  pinned?: PinnedAccess;
  /** Whose job this is (its rate-limit key): bounds how often its failures may rest anything. */
  client?: string;
  /** Clears what a failed attempt left behind before the next one (a partly written file). */
  beforeRetry?: () => Promise<void>;
}

/**
 * What the failure rests: for a visitor's link, only what the check link with the same pair
 * blames too, and only while the client has checks left this hour; for a pinned (the operator's
 * own) run, what its failure blames.
 */
async function restedBy(
  config: Config,
  platform: Platform,
  link: string,
  error: unknown,
  used: YtDlpAccess['used'],
  options: AccessRunOptions,
) {
  const blamed = blamedKey(blameOfFailure(error, link), used);
  if (!blamed || options.visitorCookiesFile || options.pinned) return blamed;
  if (!(await checkAllowed(config, options.client))) return undefined;
  return blamedKey(await checkWithSame(config, platform, used), used);
}

export async function runWithAccess<T>(
  config: Config,
  platform: Platform,
  link: string,
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
      if (options.visitorCookiesFile) throw error;
      const blamed = await restedBy(config, platform, link, error, used, options).catch(() => undefined);
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
      if (attempt >= maxAccessRetries || options.pinned) throw error;
      await options.beforeRetry?.();
      continue;
    }
    const forgiven = [used.session?.key, used.route?.key].filter((key) => key !== undefined);
    await Promise.all(forgiven.map((key) => ledger.succeeded(key))).catch(unrecorded);
    return result;
  }
}
