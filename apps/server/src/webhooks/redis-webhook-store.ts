// Scaled mode's webhook store in Redis, shared by every API node and worker: one JSON value per
// endpoint and per delivery (compare-and-set changes, jobs/redis-record-store.ts), per owner a set
// of its endpoints (the bound checked and the endpoint added in one Lua step), per endpoint a list
// of its deliveries newest first (trimmed to the log's length) and a sorted set of delivery leases
// scored with their deadlines (a dead process's lease stops counting then).
import type { Redis } from 'ioredis';
import { RedisRecordStore } from '../jobs/redis-record-store';
import { releaseLease, takeLease } from '../redis/redis-leases';
import type { DeliveryRecord, WebhookEndpointRecord, WebhookStore } from './webhook-store';

/** Endpoints live until deleted; Redis wants a time, so a long one. */
const endpointKeepMs = 10 * 365 * 24 * 3_600_000;
/** A delivery's record outlives its retries (about a day) with room to read its log. */
const deliveryKeepMs = 7 * 24 * 3_600_000;

// KEYS: the owner's set, the endpoint. ARGV: the bound, the id, the JSON, its TTL. 1 when written.
const createScript = `
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[2])
redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4])
return 1`;

export class RedisWebhookStore implements WebhookStore {
  private readonly endpoints: RedisRecordStore<WebhookEndpointRecord>;
  private readonly deliveries: RedisRecordStore<DeliveryRecord>;

  constructor(
    private readonly redis: Redis,
    /** Key prefix, e.g. `grabbit:`. */
    private readonly prefix: string,
  ) {
    this.endpoints = new RedisRecordStore(redis, `${prefix}webhook:`, endpointKeepMs);
    this.deliveries = new RedisRecordStore(redis, `${prefix}webhook-delivery:`, deliveryKeepMs);
  }

  private ownedKey(owner: string): string {
    return `${this.prefix}webhooks-of:${owner}`;
  }

  private logKey(endpointId: string): string {
    return `${this.prefix}webhook-log:${endpointId}`;
  }

  private leasesKey(endpointId: string): string {
    return `${this.prefix}webhook-leases:${endpointId}`;
  }

  /** A delivery's key names its endpoint, so no endpoint reads another's delivery. */
  private deliveryId(endpointId: string, id: string): string {
    return `${endpointId}:${id}`;
  }

  async createEndpoint(endpoint: WebhookEndpointRecord, max: number): Promise<boolean> {
    const written = await this.redis.eval(
      createScript,
      2,
      this.ownedKey(endpoint.owner),
      `${this.prefix}webhook:${endpoint.id}`,
      max,
      endpoint.id,
      JSON.stringify(endpoint),
      endpointKeepMs,
    );
    return written === 1;
  }

  getEndpoint(id: string): Promise<WebhookEndpointRecord | undefined> {
    return this.endpoints.get(id);
  }

  async listEndpoints(owner: string): Promise<WebhookEndpointRecord[]> {
    const ids = await this.redis.smembers(this.ownedKey(owner));
    const found = await this.endpoints.getMany(ids);
    return found
      .filter((endpoint): endpoint is WebhookEndpointRecord => endpoint !== undefined)
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  }

  updateEndpoint(
    id: string,
    change: (current: WebhookEndpointRecord) => WebhookEndpointRecord | undefined,
  ): Promise<WebhookEndpointRecord | undefined> {
    return this.endpoints.update(id, (current) => current && change(current));
  }

  async deleteEndpoint(id: string): Promise<void> {
    const endpoint = await this.endpoints.get(id);
    const ids = await this.redis.lrange(this.logKey(id), 0, -1);
    const steps = this.redis.multi().del(`${this.prefix}webhook:${id}`, this.logKey(id), this.leasesKey(id));
    if (endpoint) steps.srem(this.ownedKey(endpoint.owner), id);
    for (const delivery of ids) steps.del(`${this.prefix}webhook-delivery:${this.deliveryId(id, delivery)}`);
    await steps.exec();
  }

  async addDelivery(delivery: DeliveryRecord, keep: number): Promise<void> {
    const key = this.logKey(delivery.endpointId);
    await this.deliveries.set(this.deliveryId(delivery.endpointId, delivery.id), delivery);
    const dropped = await this.redis
      .multi()
      .lpush(key, delivery.id)
      .lrange(key, keep, -1)
      .ltrim(key, 0, keep - 1)
      .pexpire(key, deliveryKeepMs)
      .exec();
    const gone = (dropped?.[1]?.[1] ?? []) as string[];
    for (const id of gone) await this.deliveries.delete(this.deliveryId(delivery.endpointId, id));
  }

  getDelivery(endpointId: string, id: string): Promise<DeliveryRecord | undefined> {
    return this.deliveries.get(this.deliveryId(endpointId, id));
  }

  updateDelivery(
    endpointId: string,
    id: string,
    change: (current: DeliveryRecord) => DeliveryRecord | undefined,
  ): Promise<DeliveryRecord | undefined> {
    return this.deliveries.update(this.deliveryId(endpointId, id), (current) => current && change(current));
  }

  async listDeliveries(endpointId: string): Promise<DeliveryRecord[]> {
    const ids = await this.redis.lrange(this.logKey(endpointId), 0, -1);
    const found = await this.deliveries.getMany(ids.map((id) => this.deliveryId(endpointId, id)));
    return found.filter((delivery): delivery is DeliveryRecord => delivery !== undefined);
  }

  async takeLease(endpointId: string, max: number, ttlMs: number): Promise<string | undefined> {
    return takeLease(this.redis, this.leasesKey(endpointId), max, ttlMs);
  }

  async releaseLease(endpointId: string, token: string): Promise<void> {
    await releaseLease(this.redis, this.leasesKey(endpointId), token);
  }
}
