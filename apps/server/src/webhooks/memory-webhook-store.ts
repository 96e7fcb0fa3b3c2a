// Embedded mode's webhook store: plain maps in this process (gone with it, like its jobs).
import { randomUUID } from 'node:crypto';
import type { DeliveryRecord, WebhookEndpointRecord, WebhookStore } from './webhook-store';

export class MemoryWebhookStore implements WebhookStore {
  private readonly endpoints = new Map<string, WebhookEndpointRecord>();
  /** Per endpoint, its deliveries newest first. */
  private readonly deliveries = new Map<string, DeliveryRecord[]>();
  /** Per endpoint, its leases' tokens and when each runs out. */
  private readonly leases = new Map<string, Map<string, number>>();

  constructor(private readonly now: () => number = Date.now) {}

  async createEndpoint(endpoint: WebhookEndpointRecord, max: number): Promise<boolean> {
    // Counted and written without a pause between, as Redis does in one step.
    const owned = [...this.endpoints.values()].filter((known) => known.owner === endpoint.owner);
    if (owned.length >= max) return false;
    this.endpoints.set(endpoint.id, structuredClone(endpoint));
    return true;
  }

  async getEndpoint(id: string): Promise<WebhookEndpointRecord | undefined> {
    const endpoint = this.endpoints.get(id);
    return endpoint && structuredClone(endpoint);
  }

  async listEndpoints(owner: string): Promise<WebhookEndpointRecord[]> {
    return [...this.endpoints.values()]
      .filter((endpoint) => endpoint.owner === owner)
      .map((endpoint) => structuredClone(endpoint));
  }

  async updateEndpoint(
    id: string,
    change: (current: WebhookEndpointRecord) => WebhookEndpointRecord | undefined,
  ): Promise<WebhookEndpointRecord | undefined> {
    const current = await this.getEndpoint(id);
    if (!current) return undefined;
    const next = change(current);
    if (!next) return current;
    this.endpoints.set(id, structuredClone(next));
    return next;
  }

  async deleteEndpoint(id: string): Promise<void> {
    this.endpoints.delete(id);
    this.deliveries.delete(id);
    this.leases.delete(id);
  }

  async addDelivery(delivery: DeliveryRecord, keep: number): Promise<void> {
    const log = this.deliveries.get(delivery.endpointId) ?? [];
    this.deliveries.set(delivery.endpointId, [structuredClone(delivery), ...log].slice(0, keep));
  }

  async getDelivery(endpointId: string, id: string): Promise<DeliveryRecord | undefined> {
    const found = this.deliveries.get(endpointId)?.find((delivery) => delivery.id === id);
    return found && structuredClone(found);
  }

  async updateDelivery(
    endpointId: string,
    id: string,
    change: (current: DeliveryRecord) => DeliveryRecord | undefined,
  ): Promise<DeliveryRecord | undefined> {
    const log = this.deliveries.get(endpointId) ?? [];
    const index = log.findIndex((delivery) => delivery.id === id);
    const current = log[index];
    if (!current) return undefined;
    const next = change(structuredClone(current));
    if (!next) return structuredClone(current);
    log[index] = structuredClone(next);
    return next;
  }

  async listDeliveries(endpointId: string): Promise<DeliveryRecord[]> {
    return structuredClone(this.deliveries.get(endpointId) ?? []);
  }

  async takeLease(endpointId: string, max: number, ttlMs: number): Promise<string | undefined> {
    const now = this.now();
    const leases = this.leases.get(endpointId) ?? new Map<string, number>();
    for (const [token, until] of leases) if (until <= now) leases.delete(token);
    if (leases.size >= max) return undefined;
    const token = randomUUID();
    leases.set(token, now + ttlMs);
    this.leases.set(endpointId, leases);
    return token;
  }

  async releaseLease(endpointId: string, token: string): Promise<void> {
    this.leases.get(endpointId)?.delete(token);
  }
}
