// What the server keeps of webhooks: each API key's endpoints (with their signing secrets) and each
// endpoint's delivery log, plus a lease per delivery in flight so that an endpoint gets a bounded
// number at once whichever process sends them. Memory (embedded) and Redis (scaled) behind this
// one interface; both pass webhook-store.contract.ts.
import type { WebhookAttempt, WebhookEventType } from '@grabbit/contracts';

export interface WebhookEndpointRecord {
  id: string;
  /** The API key's client id (ApiKey.clientKey): only that key sees or changes the endpoint. */
  owner: string;
  url: string;
  events: WebhookEventType[];
  description?: string;
  enabled: boolean;
  disabledReason?: string;
  /** The signing secret, whsec_ form. */
  secret: string;
  /** During a rotation: the old secret, signing beside the new one until `previousSecretExpiresAt`. */
  previousSecret?: string;
  previousSecretExpiresAt?: number;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface DeliveryRecord {
  id: string;
  endpointId: string;
  /** The webhook-id header: the same on every attempt and redelivery. */
  messageId: string;
  eventType: WebhookEventType;
  jobId: string;
  status: DeliveryStatus;
  /** The event's body as signed (the same bytes on every attempt). */
  body: string;
  createdAt: number;
  attempts: WebhookAttempt[];
}

/** Attempts kept per delivery (a day of retries is about fifteen). */
const maxAttemptsLogged = 30;

export interface WebhookStore {
  /** Writes a new endpoint unless its owner has `max` already: false then (checked and added at once). */
  createEndpoint(endpoint: WebhookEndpointRecord, max: number): Promise<boolean>;
  getEndpoint(id: string): Promise<WebhookEndpointRecord | undefined>;
  /** The owner's endpoints, oldest first. */
  listEndpoints(owner: string): Promise<WebhookEndpointRecord[]>;
  /** Changes an endpoint atomically (`change` may run more than once; undefined leaves it). */
  updateEndpoint(
    id: string,
    change: (current: WebhookEndpointRecord) => WebhookEndpointRecord | undefined,
  ): Promise<WebhookEndpointRecord | undefined>;
  /** Forgets an endpoint and its delivery log. */
  deleteEndpoint(id: string): Promise<void>;
  /** Adds a delivery to its endpoint's log, which keeps the newest `keep`. */
  addDelivery(delivery: DeliveryRecord, keep: number): Promise<void>;
  getDelivery(endpointId: string, id: string): Promise<DeliveryRecord | undefined>;
  updateDelivery(
    endpointId: string,
    id: string,
    change: (current: DeliveryRecord) => DeliveryRecord | undefined,
  ): Promise<DeliveryRecord | undefined>;
  /** The endpoint's log, newest first. */
  listDeliveries(endpointId: string): Promise<DeliveryRecord[]>;
  /**
   * Takes one of the endpoint's `max` delivery leases for `ttlMs` (a lease whose process died runs
   * out then): its token, or undefined when all are taken.
   */
  takeLease(endpointId: string, max: number, ttlMs: number): Promise<string | undefined>;
  releaseLease(endpointId: string, token: string): Promise<void>;
}

/** An attempt added to a delivery's log (the oldest dropped beyond the bound). */
export function withAttempt(delivery: DeliveryRecord, attempt: WebhookAttempt): DeliveryRecord {
  return { ...delivery, attempts: [...delivery.attempts, attempt].slice(-maxAttemptsLogged) };
}
