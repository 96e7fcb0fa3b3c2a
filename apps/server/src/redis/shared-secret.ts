// Secrets every node of one deployment must agree on (the key of private cloud links, the salt of
// hashed client addresses) when the operator has not set them: the first node makes a random one
// and stores it in Redis with SET NX, and every node uses the stored one. A Redis that lost its
// data (restarted without persistence) gets the value back from the first node that reconnects,
// and every node adopts whatever is stored then, so the nodes never stay split.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { QueueUnavailableError } from './redis-connection';

export class SharedSecret {
  private value: string | undefined;
  private loading: Promise<string> | undefined;
  private readonly listeners: ((secret: string) => void)[] = [];

  constructor(
    private readonly redis: Redis,
    /** Full Redis key (with the deployment's prefix). */
    private readonly key: string,
  ) {
    // Each (re)connection loads it again: a node that could not at start-up gets it now.
    redis.on('ready', () => void this.load().catch(() => undefined));
  }

  /** The secret once loaded (undefined before the first successful load). */
  get current(): string | undefined {
    return this.value;
  }

  /** Called with the secret each time it is loaded and differs from the one before. */
  onChange(listener: (secret: string) => void): void {
    this.listeners.push(listener);
  }

  /** Loads (or makes) the stored secret; 503 BUSY while Redis is away, retried on the next call. */
  load(): Promise<string> {
    this.loading ??= this.fetch().finally(() => (this.loading = undefined));
    return this.loading;
  }

  /** The loaded secret, loading it first when needed. */
  async ready(): Promise<string> {
    return this.value ?? this.load();
  }

  private async fetch(): Promise<string> {
    let stored: string | null;
    try {
      // A node that already holds one offers it again (Redis may have lost its data).
      await this.redis.set(this.key, this.value ?? randomBytes(32).toString('base64url'), 'NX');
      stored = await this.redis.get(this.key);
    } catch (error) {
      throw new QueueUnavailableError(error);
    }
    if (!stored) throw new QueueUnavailableError(new Error(`${this.key} vanished`));
    if (stored !== this.value) {
      this.value = stored;
      for (const listener of this.listeners) listener(stored);
    }
    return stored;
  }
}
