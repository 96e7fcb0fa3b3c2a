// Where a job's end becomes webhook deliveries: told by the job records (jobs/job-records.ts
// onEnd) once per job, whichever feature ended it, in the process that ended it. Only public jobs
// of API keys count (a batch's items and a cloud copy's download are parts of their job, which
// sends its own event). A job started with a `callbackUrl` goes to that endpoint alone; the others
// go to each of the key's enabled endpoints that asked for the event's type. Each delivery is
// logged as pending and queued as its own `webhook` job, with its body fixed now: retries and
// redeliveries send the same bytes under the same webhook-id.
import type { WebhookEvent, WebhookEventType } from '@grabbit/contracts';
import { newId } from '../core/ids';
import type { JobRecord } from '../jobs/job-record';
import type { JobQueue } from '../jobs/runner';
import { isPublicJob, publicJobOf } from '../jobs/public-job';
import type { DeliveryRecord, WebhookEndpointRecord, WebhookStore } from './webhook-store';

export interface WebhookEventsOptions {
  store: WebhookStore;
  queue: JobQueue;
  /** Deliveries kept per endpoint's log. */
  logLength: number;
  onError: (error: unknown) => void;
}

const eventTypeOf = (record: JobRecord): WebhookEventType =>
  record.status === 'done' ? 'job.completed' : 'job.failed';

/** Queues one delivery (a new one, or a redelivery of a logged one under a new job id). */
export function queueDelivery(queue: JobQueue, delivery: Pick<DeliveryRecord, 'endpointId' | 'id'>) {
  return queue.submit({
    name: 'webhook',
    id: newId(),
    data: { endpointId: delivery.endpointId, deliveryId: delivery.id },
  });
}

export class WebhookEvents {
  constructor(private readonly options: WebhookEventsOptions) {}

  /** A job ended: its deliveries are logged and queued (failures only logged: the job is done). */
  jobEnded(record: JobRecord): void {
    if (!isPublicJob(record) || record.partOf !== undefined || !record.owner.startsWith('key:')) return;
    this.send(record).catch(this.options.onError);
  }

  private async receivers(record: JobRecord, type: WebhookEventType) {
    const { store } = this.options;
    if (record.webhookEndpoint !== undefined) {
      const named = await store.getEndpoint(record.webhookEndpoint);
      return named?.owner === record.owner && named.enabled ? [named] : [];
    }
    const owned = await store.listEndpoints(record.owner);
    return owned.filter((endpoint) => endpoint.enabled && endpoint.events.includes(type));
  }

  private async send(record: JobRecord): Promise<void> {
    if (!isPublicJob(record)) return;
    const type = eventTypeOf(record);
    const endpoints: WebhookEndpointRecord[] = await this.receivers(record, type);
    if (endpoints.length === 0) return;
    const event: WebhookEvent = { type, timestamp: new Date().toISOString(), data: publicJobOf(record) };
    const body = JSON.stringify(event);
    const messageId = `msg_${newId()}`;
    for (const endpoint of endpoints) {
      const delivery: DeliveryRecord = {
        id: newId(),
        endpointId: endpoint.id,
        messageId,
        eventType: type,
        jobId: record.id,
        status: 'pending',
        body,
        createdAt: Date.now(),
        attempts: [],
      };
      await this.options.store.addDelivery(delivery, this.options.logLength);
      await queueDelivery(this.options.queue, delivery);
    }
  }
}
