// GET {candidate}/health with a time-out, measuring the response time.
import type { ProbeResult } from './ranking';
import { connectionTypeOf } from './ranking';

export type HealthCheck = (origin: string, timeoutMs: number) => Promise<ProbeResult>;

export function createHealthCheck(fetchImpl: typeof fetch = (...args) => fetch(...args)): HealthCheck {
  return async (origin, timeoutMs) => {
    const started = performance.now();
    const result = (success: boolean, error?: string): ProbeResult => ({
      url: origin,
      type: connectionTypeOf(origin),
      success,
      responseTime: Math.round(performance.now() - started),
      ...(error === undefined ? {} : { error }),
    });
    try {
      const response = await fetchImpl(`${origin}/health`, {
        signal: AbortSignal.timeout(timeoutMs),
        cache: 'no-store',
      });
      // Only the status matters: the body is let go at once, so the request ends now instead of
      // staying open until its time-out aborts it.
      void response.body?.cancel().catch(() => undefined);
      if (response.ok) return result(true);
      console.warn(`Health check of ${origin} failed: HTTP ${response.status}`);
      return result(false, `HTTP ${response.status}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`Health check of ${origin} failed: ${message}`);
      return result(false, message);
    }
  };
}
