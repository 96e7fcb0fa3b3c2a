// The page's one connection detector and its state, observable from React. Candidates come from the
// server's runtime config (API_CANDIDATES), then the page's own origin.
import { createConnectionDetector, type ConnectionDetector } from './detect';
import { createHealthCheck } from './health-check';
import { loadPublicConfig } from './public-config';
import { candidatesWithOwnOrigin, type ConnectionResult } from './ranking';

export type ConnectionState =
  | { status: 'idle' }
  | { status: 'detecting' }
  | { status: 'ready'; result: ConnectionResult }
  | { status: 'error'; message: string; result?: ConnectionResult };

async function configuredCandidates(): Promise<readonly string[]> {
  const own = window.location.origin;
  try {
    const config = await loadPublicConfig();
    return candidatesWithOwnOrigin(config.apiCandidates, own);
  } catch {
    // Without the config the page's own origin is still the best guess; its health check decides.
    return [own];
  }
}

let detector: ConnectionDetector | undefined;
function browserDetector(): ConnectionDetector {
  detector ??= createConnectionDetector({
    loadCandidates: configuredCandidates,
    check: createHealthCheck(),
    pageProtocol: window.location.protocol,
  });
  return detector;
}

const idle: ConnectionState = { status: 'idle' };
let state: ConnectionState = idle;
const listeners = new Set<() => void>();

function setState(next: ConnectionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const connectionSnapshot = (): ConnectionState => state;
export const serverConnectionSnapshot = (): ConnectionState => idle;

function unreachableMessage(result: ConnectionResult): string {
  const tried = result.allResults.map((r) => `${r.url} (${r.error ?? 'no answer'})`).join(', ');
  return `The Grabbit server could not be reached. Tried: ${tried}.`;
}

/**
 * Detects (or re-uses) the connection and publishes the state. Resolves with the result even when
 * nothing answered (the fallback), so callers can still try; the startup screen shows the error.
 */
export async function detectConnection(options: { force?: boolean } = {}): Promise<ConnectionResult> {
  const cached = browserDetector().cached();
  if (!cached || options.force) setState({ status: 'detecting' });
  try {
    const result = await browserDetector().detect(options);
    setState(
      result.reachable
        ? { status: 'ready', result }
        : { status: 'error', message: unreachableMessage(result), result },
    );
    return result;
  } catch (error) {
    setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

/** For API and hub clients: the detected endpoints (waits for detection if it is still running). */
export async function getConnection(): Promise<{
  apiBase: string;
  hubUrl: string;
  result: ConnectionResult;
}> {
  const result = await detectConnection();
  return { apiBase: result.bestApiUrl, hubUrl: result.bestSignalRUrl, result };
}
