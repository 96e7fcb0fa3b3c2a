// Private links: an HMAC-SHA256 over the file key and the expiry time, with the server's secret.
// The secret comes from CLOUD_SIGNING_SECRET, else a random one kept (0600) in the bucket folder,
// so links stay valid across restarts; in scaled mode one kept in Redis, shared by every API node
// (plugins/cloud-storage.ts).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function loadSigningSecret(configured: string | undefined, bucketDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(bucketDir, '.signing-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch {
    // First start: make one below.
  }
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

export class LinkSigner {
  /** The secret, or where to read it on each use (it may be replaced while the server runs). */
  constructor(private readonly secret: string | (() => string)) {}

  /** `expires` is in whole seconds since the epoch. */
  sign(fileKey: string, expires: number): string {
    const secret = typeof this.secret === 'string' ? this.secret : this.secret();
    return createHmac('sha256', secret).update(`${fileKey}\n${expires}`).digest('base64url');
  }

  check(fileKey: string, expires: unknown, signature: unknown, nowMs: number): LinkCheck {
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires))
      return 'invalid';
    const expected = Buffer.from(this.sign(fileKey, Number(expires)));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(expires) * 1000 > nowMs ? 'valid' : 'expired';
  }
}
