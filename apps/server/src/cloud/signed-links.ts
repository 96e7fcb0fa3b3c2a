// Links: the address names the object by a link id, never by its file key: the file key sealed in
// a compact JWE (dir, A256GCM: a fresh nonce each time) with a key derived from the server's
// secret, so what a link carries can neither mint another link nor delete the object; the file key
// is the owner's handle, given only to whoever stored the file. A private link's signature is a
// JWS (HS256) with its expiry time and a keyed hash of the file key as its subject: integrity
// only, since it shows nothing the address does not.
// The secret comes from CLOUD_SIGNING_SECRET, else a random one kept (0600) in the bucket folder,
// so links stay valid across restarts; in scaled mode one kept in Redis, shared by every API node
// (plugins/cloud-storage.ts).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CompactEncrypt, compactDecrypt, errors, jwtVerify, SignJWT } from 'jose';

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

/** Longer than any link id or signature made here: refused before any decoding. */
const maxTokenLength = 1024;

export class LinkSigner {
  /** The secret, or where to read it on each use (it may be replaced while the server runs). */
  constructor(private readonly secret: string | (() => string)) {}

  private current(): string {
    return typeof this.secret === 'string' ? this.secret : this.secret();
  }

  /** A key of its own for each use, from the secret. */
  private key(use: 'link id' | 'link signature'): Uint8Array {
    return createHash('sha256').update(`${use}\n${this.current()}`).digest();
  }

  /** The signature of a private link to `fileKey`; `expires` is in whole seconds since the epoch. */
  sign(fileKey: string, expires: number): Promise<string> {
    return new SignJWT()
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(this.derivedId('link', fileKey))
      .setExpirationTime(expires)
      .sign(this.key('link signature'));
  }

  /** A 128-bit id only this server can compute for `parts` (an owner's copy of one result). */
  derivedId(...parts: string[]): string {
    return createHmac('sha256', this.current())
      .update(`file key\n${parts.join('\n')}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  /** The link id of a file key: opaque, different each time, opened only with the secret. */
  linkId(fileKey: string): Promise<string> {
    return new CompactEncrypt(new TextEncoder().encode(fileKey))
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .encrypt(this.key('link id'));
  }

  /** The file key a link id names, or undefined when it was not made by this server. */
  async fileKeyOf(linkId: string): Promise<string | undefined> {
    if (linkId.length > maxTokenLength) return undefined;
    try {
      const { plaintext } = await compactDecrypt(linkId, this.key('link id'), {
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256GCM'],
      });
      return new TextDecoder().decode(plaintext);
    } catch {
      return undefined;
    }
  }

  /** Whether `signature` was made here for this file key and this `expires`, and is still in time. */
  async check(fileKey: string, expires: unknown, signature: unknown, nowMs: number): Promise<LinkCheck> {
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires))
      return 'invalid';
    if (signature.length > maxTokenLength) return 'invalid';
    try {
      const { payload } = await jwtVerify(signature, this.key('link signature'), {
        algorithms: ['HS256'],
        subject: this.derivedId('link', fileKey),
        currentDate: new Date(nowMs),
      });
      return payload.exp === Number(expires) ? 'valid' : 'invalid';
    } catch (error) {
      // Expired is told only for a genuine signature of this very link.
      if (error instanceof errors.JWTExpired && error.payload.exp === Number(expires)) return 'expired';
      return 'invalid';
    }
  }
}
