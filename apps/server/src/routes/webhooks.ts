// Webhooks for API-key holders: a key registers endpoints (POST /api/webhooks answers the signing
// secret once), lists, reads, changes and deletes them, rotates an endpoint's secret (the old one
// keeps signing beside the new for WEBHOOK_SECRET_OVERLAP_HOURS), reads an endpoint's delivery log
// and redelivers one. An endpoint is its key's alone: another key (or anonymous) never sees it.
import {
  apiRoutes,
  pathParamsSchema,
  webhookCreateSchema,
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEventTypes,
  webhookListSchema,
  webhookSecretRotationSchema,
  webhookUpdateSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@grabbit/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import { newId } from '../core/ids';
import { answers } from '../http/route-schemas';
import type { JobQueue } from '../jobs/runner';
import { queueDelivery } from '../webhooks/job-events';
import { newSecret, rotated } from '../webhooks/signing';
import { checkWebhookUrl } from '../webhooks/webhook-url';
import type { DeliveryRecord, WebhookEndpointRecord, WebhookStore } from '../webhooks/webhook-store';

const tags = ['webhooks'];

export interface WebhookRouteDeps {
  config: Config;
  store: WebhookStore;
  queue: JobQueue;
}

const notFound = () => new AppError('WEBHOOK_NOT_FOUND', 'No webhook endpoint of this API key has this id.');

/** The calling API key's client id; anonymous callers are refused. */
function keyOwner(request: FastifyRequest): string {
  if (!request.apiKey)
    throw new AppError('API_KEY_REQUIRED', 'Webhooks are for API keys: send one as a bearer token.');
  return request.apiKey.clientKey;
}

function endpointOf(record: WebhookEndpointRecord): WebhookEndpoint {
  const iso = (ms: number) => new Date(ms).toISOString();
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
  return {
    id,
    messageId,
    eventType,
    jobId,
    status,
    attempts,
    createdAt: new Date(record.createdAt).toISOString(),
  };
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export function webhookRoutes({ config, store, queue }: WebhookRouteDeps) {
  const testHosts = config.WEBHOOK_TEST_HOSTS;

  /** The caller's own endpoint, or WEBHOOK_NOT_FOUND. */
  async function ownEndpoint(request: FastifyRequest, id: string): Promise<WebhookEndpointRecord> {
    const owner = keyOwner(request);
    const endpoint = await store.getEndpoint(id);
    if (!endpoint || endpoint.owner !== owner) throw notFound();
    return endpoint;
  }

  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const params = pathParamsSchema('webhookId');
    const keyErrors = ['API_KEY_REQUIRED'] as const;

    api.post(
      apiRoutes.webhooks,
      {
        schema: {
          summary: 'Register a webhook endpoint (API keys only)',
          description: `Events (${webhookEventTypes.join(', ')}) of this key's jobs are POSTed to the URL, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature) with the secret this answer shows once. Each event's body is \`{ type, timestamp, data }\`, \`data\` being the job as GET ${apiRoutes.job.replace(':jobId', '{jobId}')} answers it. The URL must be a public http(s) address. A key has at most ${config.WEBHOOK_MAX_ENDPOINTS_PER_KEY} endpoints.`,
          tags,
          body: webhookCreateSchema,
          response: answers({ 201: webhookCreatedSchema }),
          errors: [...keyErrors, 'WEBHOOK_URL_NOT_ALLOWED', 'WEBHOOK_LIMIT_REACHED'],
        },
      },
      async (request, reply) => {
        const owner = keyOwner(request);
        const url = await checkWebhookUrl(request.body.url, testHosts);
        const now = Date.now();
        const record: WebhookEndpointRecord = {
          id: `wh_${newId()}`,
          owner,
          url: url.href,
          events: request.body.events ?? [...webhookEventTypes],
          ...(request.body.description === undefined ? {} : { description: request.body.description }),
          enabled: true,
          secret: newSecret(),
          createdAt: now,
          updatedAt: now,
        };
        if (!(await store.createEndpoint(record, config.WEBHOOK_MAX_ENDPOINTS_PER_KEY)))
          throw new AppError(
            'WEBHOOK_LIMIT_REACHED',
            `This API key has ${config.WEBHOOK_MAX_ENDPOINTS_PER_KEY} webhook endpoints already: delete one first.`,
          );
        noStore(reply).code(201);
        return { ...endpointOf(record), secret: record.secret };
      },
    );

    api.get(
      apiRoutes.webhooks,
      {
        schema: {
          summary: "This API key's webhook endpoints",
          tags,
          response: answers(webhookListSchema),
          errors: keyErrors,
        },
      },
      async (request, reply) => {
        noStore(reply);
        return { webhooks: (await store.listEndpoints(keyOwner(request))).map(endpointOf) };
      },
    );

    api.get(
      apiRoutes.webhook,
      {
        schema: {
          summary: 'A webhook endpoint (its secret is never shown again)',
          tags,
          params,
          response: answers(webhookEndpointSchema),
          errors: [...keyErrors, 'WEBHOOK_NOT_FOUND'],
        },
      },
      async (request, reply) => {
        noStore(reply);
        return endpointOf(await ownEndpoint(request, request.params.webhookId));
      },
    );

    api.patch(
      apiRoutes.webhook,
      {
        schema: {
          summary: 'Change a webhook endpoint: its URL, events, description, or enabled again',
          tags,
          params,
          body: webhookUpdateSchema,
          response: answers(webhookEndpointSchema),
          errors: [...keyErrors, 'WEBHOOK_NOT_FOUND', 'WEBHOOK_URL_NOT_ALLOWED'],
        },
      },
      async (request, reply) => {
        const { webhookId } = request.params;
        await ownEndpoint(request, webhookId);
        const { url, events, description, enabled } = request.body;
        const checked = url === undefined ? undefined : (await checkWebhookUrl(url, testHosts)).href;
        const changed = await store.updateEndpoint(webhookId, (current) => {
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
        noStore(reply);
        return endpointOf(changed);
      },
    );

    api.delete(
      apiRoutes.webhook,
      {
        schema: {
          summary: 'Delete a webhook endpoint (its queued deliveries are dropped)',
          tags,
          params,
          plainAnswers: { 204: { description: 'Deleted' } },
          errors: [...keyErrors, 'WEBHOOK_NOT_FOUND'],
        },
      },
      async (request, reply) => {
        await ownEndpoint(request, request.params.webhookId);
        await store.deleteEndpoint(request.params.webhookId);
        return reply.code(204).send();
      },
    );

    api.post(
      apiRoutes.webhookSecretRotation,
      {
        schema: {
          summary: "Rotate a webhook endpoint's signing secret",
          description: `The new secret is shown once. The old one keeps signing beside it for ${config.WEBHOOK_SECRET_OVERLAP_HOURS} hours: until then each event carries two signatures in webhook-signature, so a receiver can switch without losing one.`,
          tags,
          params,
          response: answers(webhookSecretRotationSchema),
          errors: [...keyErrors, 'WEBHOOK_NOT_FOUND'],
        },
      },
      async (request, reply) => {
        const { webhookId } = request.params;
        await ownEndpoint(request, webhookId);
        const overlapMs = config.WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000;
        const changed = await store.updateEndpoint(webhookId, (current) => rotated(current, overlapMs));
        if (!changed?.previousSecretExpiresAt) throw notFound();
        noStore(reply);
        return {
          secret: changed.secret,
          previousSecretExpiresAt: new Date(changed.previousSecretExpiresAt).toISOString(),
        };
      },
    );

    api.get(
      apiRoutes.webhookDeliveries,
      {
        schema: {
          summary: "A webhook endpoint's delivery log, newest first",
          description: `The last ${config.WEBHOOK_DELIVERY_LOG} deliveries with each attempt's time, HTTP status (or error) and duration.`,
          tags,
          params,
          response: answers(webhookDeliveryListSchema),
          errors: [...keyErrors, 'WEBHOOK_NOT_FOUND'],
        },
      },
      async (request, reply) => {
        await ownEndpoint(request, request.params.webhookId);
        noStore(reply);
        return { deliveries: (await store.listDeliveries(request.params.webhookId)).map(deliveryOf) };
      },
    );

    api.post(
      apiRoutes.webhookRedelivery,
      {
        schema: {
          summary: 'Send a logged delivery again',
          description:
            'The same event (same body, same webhook-id) is queued again and retried as a new one; the answer is the delivery, pending.',
          tags,
          params: pathParamsSchema('webhookId', 'deliveryId'),
          response: answers({ 202: webhookDeliverySchema }),
          errors: [...keyErrors, 'WEBHOOK_NOT_FOUND', 'WEBHOOK_DELIVERY_NOT_FOUND'],
        },
      },
      async (request, reply) => {
        const { webhookId, deliveryId } = request.params;
        await ownEndpoint(request, webhookId);
        const pending = await store.updateDelivery(webhookId, deliveryId, (current) => ({
          ...current,
          status: 'pending',
        }));
        if (!pending)
          throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND', 'This endpoint logged no delivery with this id.');
        await queueDelivery(queue, pending);
        noStore(reply).code(202);
        return deliveryOf(pending);
      },
    );
  };
}
