// An API key's webhook endpoints: registered (a public http(s) URL, at most
// WEBHOOK_MAX_ENDPOINTS_PER_KEY per key, a signing secret shown once), listed, read, changed,
// deleted, their secret rotated (the old one keeps signing beside the new for
// WEBHOOK_SECRET_OVERLAP_HOURS), their delivery log read and a logged delivery sent again. An
// endpoint is its owner's alone: another owner's is not found. Knows nothing about HTTP.
import {
  webhookEventTypes,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookSecretRotation,
  type WebhookUpdate,
} from '@grabbit/contracts';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import { newId } from '../core/ids';
import type { JobQueue } from '../jobs/runner';
import { queueDelivery } from './job-events';
import { newSecret, rotated } from './signing';
import { checkWebhookUrl } from './webhook-url';
import type { DeliveryRecord, WebhookEndpointRecord, WebhookStore } from './webhook-store';

export interface WebhookServiceDeps {
  config: Config;
  store: WebhookStore;
  queue: JobQueue;
}

const notFound = () => new AppError('WEBHOOK_NOT_FOUND', 'No webhook endpoint of this API key has this id.');

const iso = (ms: number) => new Date(ms).toISOString();

/** The endpoint as its owner reads it (never its secrets). */
function endpointOf(record: WebhookEndpointRecord): WebhookEndpoint {
  return {
    id: record.id,
    url: record.url,
    events: record.events,
    ...(record.description === undefined ? {} : { description: record.description }),
    enabled: record.enabled,
    ...(record.disabledReason === undefined ? {} : { disabledReason: record.disabledReason }),
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

function deliveryOf(record: DeliveryRecord): WebhookDelivery {
  const { id, messageId, eventType, jobId, status, attempts } = record;
  return { id, messageId, eventType, jobId, status, attempts, createdAt: iso(record.createdAt) };
}

export class WebhookService {
  constructor(private readonly deps: WebhookServiceDeps) {}

  /** Registers an endpoint: WEBHOOK_URL_NOT_ALLOWED, or WEBHOOK_LIMIT_REACHED at the key's limit. */
  async create(owner: string, request: WebhookCreate): Promise<WebhookCreated> {
    const { config, store } = this.deps;
    const url = await this.checkedUrl(request.url);
    const now = Date.now();
    const record: WebhookEndpointRecord = {
      id: `wh_${newId()}`,
      owner,
      url,
      events: request.events ?? [...webhookEventTypes],
      ...(request.description === undefined ? {} : { description: request.description }),
      enabled: true,
      secret: newSecret(),
      createdAt: now,
      updatedAt: now,
    };
    const max = config.WEBHOOK_MAX_ENDPOINTS_PER_KEY;
    if (!(await store.createEndpoint(record, max)))
      throw new AppError(
        'WEBHOOK_LIMIT_REACHED',
        `This API key has ${max} webhook endpoints already: delete one first.`,
      );
    return { ...endpointOf(record), secret: record.secret };
  }

  async list(owner: string): Promise<WebhookEndpoint[]> {
    return (await this.deps.store.listEndpoints(owner)).map(endpointOf);
  }

  async read(owner: string, id: string): Promise<WebhookEndpoint> {
    return endpointOf(await this.ownEndpoint(owner, id));
  }

  /** Changes what the request names; enabling an endpoint again clears why it was disabled. */
  async update(owner: string, id: string, change: WebhookUpdate): Promise<WebhookEndpoint> {
    await this.ownEndpoint(owner, id);
    const { url, events, description, enabled } = change;
    const checked = url === undefined ? undefined : await this.checkedUrl(url);
    const changed = await this.deps.store.updateEndpoint(id, (current) => {
      const next: WebhookEndpointRecord = {
        ...current,
        ...(checked === undefined ? {} : { url: checked }),
        ...(events === undefined ? {} : { events }),
        ...(description === undefined ? {} : { description }),
        ...(enabled === undefined ? {} : { enabled }),
        updatedAt: Date.now(),
      };
      if (enabled === true) delete next.disabledReason;
      return next;
    });
    if (!changed) throw notFound();
    return endpointOf(changed);
  }

  /** Forgets the endpoint and its delivery log (its queued deliveries find nothing to send). */
  async delete(owner: string, id: string): Promise<void> {
    await this.ownEndpoint(owner, id);
    await this.deps.store.deleteEndpoint(id);
  }

  /** A new secret, shown once; the old one signs beside it until the overlap runs out. */
  async rotateSecret(owner: string, id: string): Promise<WebhookSecretRotation> {
    await this.ownEndpoint(owner, id);
    const overlapMs = this.deps.config.WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000;
    const changed = await this.deps.store.updateEndpoint(id, (current) => rotated(current, overlapMs));
    if (!changed?.previousSecretExpiresAt) throw notFound();
    return { secret: changed.secret, previousSecretExpiresAt: iso(changed.previousSecretExpiresAt) };
  }

  /** The endpoint's delivery log, newest first. */
  async deliveries(owner: string, id: string): Promise<WebhookDelivery[]> {
    await this.ownEndpoint(owner, id);
    return (await this.deps.store.listDeliveries(id)).map(deliveryOf);
  }

  /** Queues a logged delivery again (same body, same webhook-id): the delivery, pending. */
  async redeliver(owner: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
    await this.ownEndpoint(owner, id);
    const pending = await this.deps.store.updateDelivery(id, deliveryId, (current) => ({
      ...current,
      status: 'pending',
    }));
    if (!pending)
      throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND', 'This endpoint logged no delivery with this id.');
    await queueDelivery(this.deps.queue, pending);
    return deliveryOf(pending);
  }

  private async checkedUrl(raw: string): Promise<string> {
    return (await checkWebhookUrl(raw, this.deps.config.WEBHOOK_TEST_HOSTS)).href;
  }

  /** The owner's endpoint, or WEBHOOK_NOT_FOUND. */
  private async ownEndpoint(owner: string, id: string): Promise<WebhookEndpointRecord> {
    const endpoint = await this.deps.store.getEndpoint(id);
    if (!endpoint || endpoint.owner !== owner) throw notFound();
    return endpoint;
  }
}
