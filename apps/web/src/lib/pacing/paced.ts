// Runs a call again after a pacing refusal (refusal.ts), waiting as long as the server asked; any
// other failure, an abort, or too many refusals end it with the last error.
import { retryDelayMs, waitFor, type RefusalHints } from './refusal';

interface Refusal {
  status?: number;
  code?: string;
  hints?: RefusalHints;
}

export async function paced<T>(
  call: () => Promise<T>,
  refusalOf: (error: unknown) => Refusal | undefined,
  signal?: AbortSignal,
  /** Told before each wait with the refusal's code, so the page can say what the item waits for. */
  onWait?: (ms: number, code?: string) => void,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const refusal = refusalOf(error);
      const delay = refusal ? retryDelayMs(refusal, attempt) : undefined;
      if (delay === undefined || signal?.aborted) throw error;
      onWait?.(delay, refusal?.code);
      await waitFor(delay, signal);
    }
  }
}
