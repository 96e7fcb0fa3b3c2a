// Idempotency keys kept in this process (embedded mode), a day at most.
import { LRUCache } from 'lru-cache';
import {
  entryId,
  keepMs,
  pendingMs,
  type IdempotencyEntry,
  type IdempotencyStore,
} from './idempotency-store';

export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries = new LRUCache<string, IdempotencyEntry>({ max: 50_000, ttl: keepMs });

  async get(client: string, key: string): Promise<IdempotencyEntry | undefined> {
    return this.entries.get(entryId(client, key));
  }

  async reserve(client: string, key: string): Promise<boolean> {
    const id = entryId(client, key);
    if (this.entries.has(id)) return false;
    this.entries.set(id, {}, { ttl: pendingMs });
    return true;
  }

  async write(client: string, key: string, entry: IdempotencyEntry): Promise<void> {
    this.entries.set(entryId(client, key), entry, { ttl: entry.answer ? keepMs : pendingMs });
  }

  async forget(client: string, key: string): Promise<void> {
    this.entries.delete(entryId(client, key));
  }
}
