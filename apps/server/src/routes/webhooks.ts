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
} from '@grabbit/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import { answers } from '../http/route-schemas';
import type { WebhookService } from '../webhooks/webhook-service';

const tags = ['webhooks'];

/** The calling API key's client id; anonymous callers are refused. */
function keyOwner(request: FastifyRequest): string {
  if (!request.apiKey)
    throw new AppError('API_KEY_REQUIRED', 'Webhooks are for API keys: send one as a bearer token.');
  return request.apiKey.clientKey;
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export function webhookRoutes(webhooks: WebhookService, config: Config) {
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
        const created = await webhooks.create(keyOwner(request), request.body);
        noStore(reply).code(201);
        return created;
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
        return { webhooks: await webhooks.list(keyOwner(request)) };
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
        return webhooks.read(keyOwner(request), request.params.webhookId);
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
        const changed = await webhooks.update(keyOwner(request), request.params.webhookId, request.body);
        noStore(reply);
        return changed;
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
        await webhooks.delete(keyOwner(request), request.params.webhookId);
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
        const rotation = await webhooks.rotateSecret(keyOwner(request), request.params.webhookId);
        noStore(reply);
        return rotation;
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
        const deliveries = await webhooks.deliveries(keyOwner(request), request.params.webhookId);
        noStore(reply);
        return { deliveries };
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
        const pending = await webhooks.redeliver(keyOwner(request), webhookId, deliveryId);
        noStore(reply).code(202);
        return pending;
      },
    );
  };
}
