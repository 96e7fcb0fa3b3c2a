// Connection detection: the primary candidate first with the short time-out; if it
// does not answer, every other candidate in parallel with the longer one, then the ranking rules.
// The detector shares one attempt between concurrent callers and caches the result for the session;
// `force` clears the cache.
import { network } from '@grabbit/catalog';
import type { HealthCheck } from './health-check';
import { chooseConnection, usableCandidates, type ConnectionResult, type ProbeResult } from './ranking';

export interface DetectorDeps {
  /** Backend origins to try, in order of preference (the first is the primary). */
  loadCandidates: () => Promise<readonly string[]>;
  check: HealthCheck;
  pageProtocol: string;
}

export async function detectOnce({
  loadCandidates,
  check,
  pageProtocol,
}: DetectorDeps): Promise<ConnectionResult> {
  const candidates = await loadCandidates();
  const usable = usableCandidates(candidates, pageProtocol);
  const [primary, ...others] = usable;
  if (primary === undefined) {
    const message = 'No secure (HTTPS) backend is configured, and this HTTPS page cannot fall back to HTTP.';
    console.error(message);
    throw new Error(message);
  }
  const primaryResult = await check(primary, network.healthTimeoutPrimaryMs);
  let results: ProbeResult[] = [primaryResult];
  if (!primaryResult.success && others.length > 0) {
    results = [
      primaryResult,
      ...(await Promise.all(others.map((url) => check(url, network.healthTimeoutCandidateMs)))),
    ];
  }
  return chooseConnection(usable, results);
}

export interface ConnectionDetector {
  detect(options?: { force?: boolean }): Promise<ConnectionResult>;
  /** The cached result, if detection has finished. */
  cached(): ConnectionResult | undefined;
}

export function createConnectionDetector(deps: DetectorDeps): ConnectionDetector {
  let cachedResult: ConnectionResult | undefined;
  let inFlight: Promise<ConnectionResult> | undefined;
  return {
    detect({ force = false } = {}) {
      if (force) cachedResult = undefined;
      if (cachedResult) return Promise.resolve(cachedResult);
      if (inFlight && !force) return inFlight;
      const attempt = detectOnce(deps).then(
        (result) => {
          if (inFlight === attempt) {
            cachedResult = result;
            inFlight = undefined;
          }
          return result;
        },
        (error: unknown) => {
          if (inFlight === attempt) inFlight = undefined;
          throw error;
        },
      );
      inFlight = attempt;
      return attempt;
    },
    cached: () => cachedResult,
  };
}
