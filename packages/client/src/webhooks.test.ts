import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from './webhooks';

const secret = `whsec_${Buffer.from('a secret of thirty-two bytes....').toString('base64')}`;
const rotated = `whsec_${Buffer.from('the next secret, also 32 bytes..').toString('base64')}`;
const body = JSON.stringify({
  type: 'job.completed',
  timestamp: new Date().toISOString(),
  data: { id: 'j1' },
});

function signed(by: string) {
  const id = 'msg_1';
  const timestamp = new Date();
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(by).sign(id, timestamp, body),
  };
}

describe('verifyWebhook', () => {
  it('answers the event of a delivery signed with the secret', () => {
    expect(verifyWebhook(secret, body, signed(secret))).toMatchObject({
      type: 'job.completed',
      data: { id: 'j1' },
    });
  });

  it('takes either secret during a rotation', () => {
    expect(verifyWebhook([secret, rotated], body, signed(rotated)).type).toBe('job.completed');
  });

  it('refuses another secret, a changed body and a missing signature', () => {
    expect(() => verifyWebhook(rotated, body, signed(secret))).toThrow();
    expect(() => verifyWebhook(secret, body.replace('j1', 'j2'), signed(secret))).toThrow();
    expect(() =>
      verifyWebhook(secret, body, { ...signed(secret), 'webhook-signature': undefined }),
    ).toThrow();
  });
});
