// Links: the address names the object by a link id, never by its file key: the file key sealed
// (AES-256-GCM, a fresh nonce each time) with a key derived from the server's secret, so what a
// link carries can neither mint another link nor delete the object; the file key is the owner's
// handle, given only to whoever stored the file. Private links also carry an HMAC-SHA256 over the
// file key and the expiry time.
// The secret comes from CLOUD_SIGNING_SECRET, else a random one kept (0600) in the bucket folder,
// so links stay valid across restarts; in scaled mode one kept in Redis, shared by every API node
// (routes/cloudstorage.ts waits for it before each call).
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
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

  private current(): string {
    return typeof this.secret === 'string' ? this.secret : this.secret();
  }

  /** `expires` is in whole seconds since the epoch. */
  sign(fileKey: string, expires: number): string {
    return createHmac('sha256', this.current()).update(`${fileKey}\n${expires}`).digest('base64url');
  }

  /** A 128-bit id only this server can compute for `parts` (an owner's copy of one result). */
  derivedId(...parts: string[]): string {
    return createHmac('sha256', this.current())
      .update(`file key\n${parts.join('\n')}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  private sealKey(): Buffer {
    return createHash('sha256').update(`link id\n${this.current()}`).digest();
  }

  /** The link id of a file key: opaque, different each time, opened only with the secret. */
  linkId(fileKey: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey(), nonce);
    const sealed = Buffer.concat([cipher.update(fileKey, 'utf8'), cipher.final()]);
    return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString('base64url');
  }

  /** The file key a link id names, or undefined when it was not made by this server. */
  fileKeyOf(linkId: string): string | undefined {
    const bytes = Buffer.from(linkId, 'base64url');
    if (bytes.length < 12 + 16 + 1 || bytes.length > 512) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.sealKey(), bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(-16));
      return Buffer.concat([decipher.update(bytes.subarray(12, -16)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
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
