// The page's pacing: its running-job slots sized from the server's configuration, and retries of
// refused calls. See refusal.ts and job-slots.ts for the rules.
import { loadPublicConfig } from '../connection/public-config';
import { JobSlots } from './job-slots';

export { paced } from './paced';
export type { RefusalHints } from './refusal';

let slots: Promise<JobSlots> | undefined;

/** The page's one set of job slots, sized by the server's cap once its configuration answered. */
function pageJobSlots(): Promise<JobSlots> {
  slots ??= loadPublicConfig().then(
    (config) => new JobSlots(config.limits?.activeJobsPerClient),
    // Without the configuration the shipped default applies.
    () => new JobSlots(),
  );
  return slots;
}

/** Runs work that holds one of the visitor's running-job slots on the server, once one is free. */
export async function inJobSlot<T>(work: () => Promise<T>): Promise<T> {
  return (await pageJobSlots()).run(work);
}

/** Reads the pacing hints of an answer's headers. */
export function hintsOf(header: (name: string) => string | null): {
  retryAfter: string | null;
  rateLimitReset: string | null;
  rateLimit: string | null;
} {
  return {
    retryAfter: header('retry-after'),
    rateLimitReset: header('ratelimit-reset'),
    rateLimit: header('ratelimit'),
  };
}
