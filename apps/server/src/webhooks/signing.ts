// Standard Webhooks signing with the standardwebhooks package: secrets in its `whsec_` form (24
// random bytes, base64), and the webhook-signature header carrying one `v1,` signature per secret
// that signs now (two while a rotation's old secret still counts).
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { WebhookEndpointRecord } from './webhook-store';

export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The secrets that sign at `now`: the current one, and the previous one until it runs out. */
export function signingSecrets(endpoint: WebhookEndpointRecord, now = Date.now()): string[] {
  const previous =
    endpoint.previousSecret && (endpoint.previousSecretExpiresAt ?? 0) > now ? [endpoint.previousSecret] : [];
  return [endpoint.secret, ...previous];
}

/** The three Standard Webhooks headers of one attempt (the timestamp is the attempt's own). */
export function signedHeaders(
  endpoint: WebhookEndpointRecord,
  messageId: string,
  body: string,
  at = new Date(),
): Record<string, string> {
  const signatures = signingSecrets(endpoint, at.getTime()).map((secret) =>
    new Webhook(secret).sign(messageId, at, body),
  );
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/** The endpoint with a new secret; the old one signs beside it for `overlapMs`. */
export function rotated(endpoint: WebhookEndpointRecord, overlapMs: number, now = Date.now()) {
  return {
    ...endpoint,
    secret: newSecret(),
    previousSecret: endpoint.secret,
    previousSecretExpiresAt: now + overlapMs,
    updatedAt: now,
  } satisfies WebhookEndpointRecord;
}
