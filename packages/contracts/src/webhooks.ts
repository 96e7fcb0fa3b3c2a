// Webhooks for API-key holders: endpoints a key registers (/api/webhooks), the events they receive
// when one of the key's jobs ends (signed per Standard Webhooks: webhook-id, webhook-timestamp,
// webhook-signature), and each endpoint's delivery log with its redeliver call.
import { z } from 'zod';
import { jobSchema } from './jobs';

export const webhookEventTypes = ['job.completed', 'job.failed'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

const exampleUrl = 'https://hooks.example.com/grabbit';
const exampleTime = '2026-11-28T01:30:00.000Z';

const webhookUrl = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .meta({ description: 'Where events are POSTed: a public http(s) address', example: exampleUrl });

const eventList = z
  .array(z.enum(webhookEventTypes))
  .min(1)
  .meta({ description: 'The events this endpoint receives', example: ['job.completed', 'job.failed'] });

/** POST /api/webhooks. */
export const webhookCreateSchema = z
  .object({
    url: webhookUrl,
    /** Absent: every event type. */
    events: eventList.optional(),
    description: z.string().max(200).optional(),
  })
  .meta({ example: { url: exampleUrl, events: ['job.completed', 'job.failed'] } });
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

/** PATCH /api/webhooks/{id}: the fields given change (`enabled: true` turns a disabled one back on). */
export const webhookUpdateSchema = z
  .object({
    url: webhookUrl.optional(),
    events: eventList.optional(),
    description: z.string().max(200).optional(),
    enabled: z.boolean().optional(),
  })
  .meta({ example: { events: ['job.failed'] } });
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

const exampleEndpoint = {
  id: 'wh_5f0c1d2e',
  url: exampleUrl,
  events: ['job.completed', 'job.failed'],
  enabled: true,
  createdAt: exampleTime,
  updatedAt: exampleTime,
};
const exampleSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(webhookEventTypes)),
    description: z.string().optional(),
    /** False once the receiver answered 410 Gone (or its owner turned it off): nothing is sent. */
    enabled: z.boolean(),
    /** Why it was turned off, when it was not its owner. */
    disabledReason: z.string().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ example: exampleEndpoint });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

const secretField = z.string().meta({
  description: 'The signing secret in Standard Webhooks form (whsec_ and base64): shown only here',
  example: exampleSecret,
});

/** POST /api/webhooks answers the endpoint with its secret, once. */
export const webhookCreatedSchema = webhookEndpointSchema
  .extend({ secret: secretField })
  .meta({ example: { ...exampleEndpoint, secret: exampleSecret } });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

/** POST /api/webhooks/{id}/rotate-secret. */
export const webhookSecretRotationSchema = z.object({
  secret: secretField,
  /** Until then the old secret signs too: each event carries both signatures. */
  previousSecretExpiresAt: z.string().meta({ example: exampleTime }),
});
export type WebhookSecretRotation = z.infer<typeof webhookSecretRotationSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookEndpointSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status, absent when none came (`error` says why). */
  statusCode: z.number().int().optional(),
  error: z.string().optional(),
  durationMs: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    /** The webhook-id header: the same on every attempt and redelivery of this event. */
    messageId: z.string(),
    eventType: z.enum(webhookEventTypes),
    jobId: z.string(),
    /** pending: being sent or retried; delivered: a 2xx came; failed: retries spent or refused. */
    status: z.enum(webhookDeliveryStatuses),
    createdAt: z.string(),
    /** Oldest first (the newest ones when there were many). */
    attempts: z.array(webhookAttemptSchema),
  })
  .meta({
    example: {
      id: 'dl_9a8b7c',
      messageId: 'msg_2b4c6d8e',
      eventType: 'job.completed',
      jobId: 'a1b2c3',
      status: 'delivered',
      createdAt: exampleTime,
      attempts: [{ at: exampleTime, statusCode: 204, durationMs: 41 }],
    },
  });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/** The body of every event: thin, the job as GET /api/jobs/{id} answers it. */
export const webhookEventSchema = z.object({
  type: z.enum(webhookEventTypes),
  timestamp: z.string(),
  data: jobSchema,
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** The field a start's body may carry: one of the key's endpoints gets that job's events. */
export const callbackUrlField = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .optional()
  .meta({ description: "The URL of a webhook endpoint this API key registered: it gets this job's events" });
