// Checks a webhook delivery as Standard Webhooks defines it (HMAC-SHA256 over id, timestamp and
// body; `whsec_` secrets; a timestamp within five minutes), with the standardwebhooks package.
// During a rotation a receiver holds two secrets: a delivery signed with either is good.
import { Webhook } from 'standardwebhooks';

/** The three headers of a delivery, as a receiver's framework hands them over. */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface WebhookEvent {
  type: string;
  timestamp: string;
  data: unknown;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

function isEvent(value: unknown): value is WebhookEvent {
  if (typeof value !== 'object' || value === null) return false;
  return 'type' in value && typeof value.type === 'string' && 'data' in value;
}

/**
 * The delivery's event when one of `secrets` signed it; throws otherwise. `body` is the request
 * body exactly as received (parsing and printing JSON again changes the bytes that were signed).
 */
export function verifyWebhook(
  secrets: string | readonly string[],
  body: string,
  headers: WebhookHeaders,
): WebhookEvent {
  const wanted = {
    'webhook-id': single(headers['webhook-id']),
    'webhook-timestamp': single(headers['webhook-timestamp']),
    'webhook-signature': single(headers['webhook-signature']),
  };
  let failure: unknown;
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    try {
      const event: unknown = new Webhook(secret).verify(body, wanted);
      if (!isEvent(event)) throw new Error('The delivery is not a Grabbit event.');
      return event;
    } catch (error) {
      failure = error;
    }
  }
  throw failure instanceof Error ? failure : new Error('No secret given.');
}
