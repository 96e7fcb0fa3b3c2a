// What the Idempotency-Key of each client's calls that start work answered, kept for a day: in
// this process (embedded mode) or in Redis (scaled mode: every API node sees the same keys). A key
// is first reserved (pending) by the one request that goes on to start the job; its answer is
// written once sent. A pending key whose request never finished (its process died) is forgotten
// after `pendingMs`, so a retry then starts afresh.
import { createHash } from 'node:crypto';

export interface IdempotentAnswer {
  status: number;
  /** The JSON answer as sent. */
  body: string;
}

export interface IdempotencyEntry {
  /** The request's fingerprint (route, parameters and body); absent until its body was read. */
  fingerprint?: string;
  answer?: IdempotentAnswer;
}

export interface IdempotencyStore {
  get(client: string, key: string): Promise<IdempotencyEntry | undefined>;
  /** Reserves the key for this request: false when it is taken (pending or answered). */
  reserve(client: string, key: string): Promise<boolean>;
  /** Writes the reserved key's entry; with an answer it is kept for `keepMs`. */
  write(client: string, key: string, entry: IdempotencyEntry): Promise<void>;
  /** Forgets a key (its request failed: a retry may start afresh). */
  forget(client: string, key: string): Promise<void>;
}

export const keepMs = 24 * 3_600_000;
export const pendingMs = 10 * 60_000;

/** One client's key, hashed (a key is the client's text: its length and characters stay out). */
export const entryId = (client: string, key: string) =>
  `${client}:${createHash('sha256').update(key).digest('base64url')}`;
