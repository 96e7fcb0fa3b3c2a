// Conversion state in Redis for scaled mode: any API node answers a conversion's job status and
// its synchronous wait; a record expires with its result (the TTL counts from its last write).
import type { Redis } from 'ioredis';
import type { ConversionRecord, ConversionStateStore } from './conversion-state';
import { unavailable } from '../jobs/queue-errors';
import { RedisRecordStore } from '../jobs/redis-record-store';

export class RedisConversionStateStore implements ConversionStateStore {
  private readonly records: RedisRecordStore<ConversionRecord>;

  constructor(redis: Redis, ttlMs: number, prefix: string) {
    this.records = new RedisRecordStore(redis, prefix, ttlMs);
  }

  // While Redis is away, reads and writes answer 503 BUSY (try again shortly), never a 500.
  get(conversionId: string): Promise<ConversionRecord | undefined> {
    return this.records.get(conversionId).catch(unavailable);
  }

  set(record: ConversionRecord): Promise<void> {
    return this.records.set(record.conversionId, record).catch(unavailable);
  }

  update(
    conversionId: string,
    change: (current: ConversionRecord | undefined) => ConversionRecord | undefined,
  ): Promise<ConversionRecord | undefined> {
    return this.records.update(conversionId, change).catch(unavailable);
  }

  delete(conversionId: string): Promise<void> {
    return this.records.delete(conversionId).catch(unavailable);
  }
}
