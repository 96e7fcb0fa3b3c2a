// Pure rules of connection detection: which candidates a page may use,
// how answers rank, and what is chosen when nothing answers. No I/O here, so it is unit-tested.
import { apiPrefix } from '@grabbit/contracts/api-paths';
import { hubPath } from '@grabbit/contracts/events';

export type ConnectionType = 'https' | 'http';

/** One health check's outcome. */
export interface ProbeResult {
  url: string;
  type: ConnectionType;
  success: boolean;
  /** Milliseconds until the answer (or the failure). */
  responseTime: number;
  error?: string;
}

export interface ConnectionResult {
  /** `{origin}/api`: the base every API call starts from. */
  bestApiUrl: string;
  /** `{origin}/hubs/downloads`: the real-time hub. */
  bestSignalRUrl: string;
  connectionType: ConnectionType;
  /** False when no candidate answered and the first usable one was taken as a fallback. */
  reachable: boolean;
  allResults: ProbeResult[];
}

export function connectionTypeOf(url: string): ConnectionType {
  return url.toLowerCase().startsWith('https:') ? 'https' : 'http';
}

/** Candidate origins without a trailing slash, duplicates removed, order kept. */
export function normalizeCandidates(candidates: readonly string[]): string[] {
  return [...new Set(candidates.map((c) => c.trim().replace(/\/+$/, '')).filter(Boolean))];
}

/**
 * What detection tries: the configured backends in their order, then the page's own origin (the
 * server that served the page is always worth a try, whatever address or scheme the operator serves
 * it on: a LAN name over plain HTTP, HTTPS, a path-preserving proxy).
 */
export function candidatesWithOwnOrigin(configured: readonly string[], ownOrigin: string): string[] {
  return normalizeCandidates([...configured, ownOrigin]);
}

/**
 * The candidates a page may talk to. An HTTPS page cannot call plain HTTP (the browser blocks
 * mixed content), so only secure candidates remain there.
 */
export function usableCandidates(candidates: readonly string[], pageProtocol: string): string[] {
  const all = normalizeCandidates(candidates);
  return pageProtocol === 'https:' ? all.filter((url) => connectionTypeOf(url) === 'https') : all;
}

/** Successful answers, secure first, then the fastest. */
export function rankResults(results: readonly ProbeResult[]): ProbeResult[] {
  return results
    .filter((r) => r.success)
    .sort((a, b) => {
      if (a.type !== b.type) return a.type === 'https' ? -1 : 1;
      return a.responseTime - b.responseTime;
    });
}

/** The endpoints derived from one backend origin. */
function endpointsFor(origin: string): { bestApiUrl: string; bestSignalRUrl: string } {
  return { bestApiUrl: `${origin}${apiPrefix}`, bestSignalRUrl: `${origin}${hubPath}` };
}

/** The best answering candidate, or the first usable candidate as a fallback. */
export function chooseConnection(
  usable: readonly string[],
  results: readonly ProbeResult[],
): ConnectionResult {
  const best = rankResults(results)[0];
  const origin = best?.url ?? usable[0];
  if (origin === undefined) throw new Error('No connection candidates to choose from');
  return {
    ...endpointsFor(origin),
    connectionType: connectionTypeOf(origin),
    reachable: best !== undefined,
    allResults: [...results],
  };
}
