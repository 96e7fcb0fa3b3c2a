// The bounds on resumable uploads, against the real server (embedded mode here, the bucket in the
// integration-scaled project): a client holds at most UPLOADS_MAX_OPEN_PER_CLIENT unconverted uploads
// and UPLOADS_MAX_OPEN_BYTES_PER_CLIENT declared bytes (429 UPLOADS_OPEN_LIMIT), and every chunk
// checks the disk's watermark as a job start does (503 DISK_FULL, nothing written).
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewriteUploadInfo, storedUpload, uploadsEndpoint } from './support/resumable-client';
import { startTestApp, type TestApp } from './support/test-app';

const tus = { 'tus-resumable': '1.0.0' };
const visitor = { 'x-forwarded-for': '203.0.113.10' };
const stranger = { 'x-forwarded-for': '203.0.113.20' };
const chunk = (offset: number) => ({
  ...tus,
  'upload-offset': String(offset),
  'content-type': 'application/offset+octet-stream',
});
/** Both servers key clients alike, so an upload made on one belongs to the same client on the other. */
const shared = { TRUST_PROXY: '1', RATE_LIMIT_SALT: 'uploads-bounds' };

let roomy: TestApp;
/** The same uploads, on a server whose disk watermark is never met. */
let full: TestApp;

beforeAll(async () => {
  roomy = await startTestApp(
    { ...shared, UPLOADS_MAX_OPEN_PER_CLIENT: '2', UPLOADS_MAX_OPEN_BYTES_PER_CLIENT: '1000000' },
    { listen: true, prefix: 'grabbit-tus-bounds-' },
  );
  full = await startTestApp(
    { ...shared, DISK_MIN_FREE_MB: String(1024 ** 3) },
    { listen: true, dataDir: roomy.dataDir },
  );
});
afterAll(async () => {
  await full?.close();
  await roomy?.close();
  if (roomy) await rm(roomy.dataDir, { recursive: true, force: true });
});

async function call(url: string, method: string, headers: Record<string, string>, body?: Uint8Array) {
  const answer = await fetch(url, { method, headers: { ...tus, ...headers }, body });
  return { status: answer.status, headers: answer.headers, text: await answer.text() };
}

const create = (server: TestApp, headers: Record<string, string>, length: number) =>
  call(uploadsEndpoint(server.origin), 'POST', { ...headers, 'upload-length': String(length) });

async function created(server: TestApp, headers: Record<string, string>, length: number) {
  const answer = await create(server, headers, length);
  expect(answer.status, answer.text).toBe(201);
  return new URL(answer.headers.get('location') ?? '', server.origin).href;
}

describe('bounds on resumable uploads', () => {
  it('a client holds at most UPLOADS_MAX_OPEN_PER_CLIENT unconverted uploads', async () => {
    const first = await created(roomy, visitor, 100);
    const second = await created(roomy, visitor, 100);
    const third = await create(roomy, visitor, 100);
    expect(third.status).toBe(429);
    expect(JSON.parse(third.text)).toMatchObject({ code: 'UPLOADS_OPEN_LIMIT' });
    expect(third.headers.get('tus-resumable')).toBe('1.0.0');
    // Another client is not held back by this one's uploads.
    await created(roomy, stranger, 100);
    // A finished upload still counts until converted, removed or expired; a removed one does not.
    const finished = await call(first, 'PATCH', { ...visitor, ...chunk(0) }, new Uint8Array(100));
    expect(finished.status).toBe(204);
    expect((await create(roomy, visitor, 100)).status).toBe(429);
    expect((await call(second, 'DELETE', visitor)).status).toBe(204);
    await created(roomy, visitor, 100);
    expect((await create(roomy, visitor, 100)).status).toBe(429);
  });

  it('and at most UPLOADS_MAX_OPEN_BYTES_PER_CLIENT declared bytes', async () => {
    const client = { 'x-forwarded-for': '203.0.113.30' };
    await created(roomy, client, 600_000);
    const over = await create(roomy, client, 400_001);
    expect(over.status).toBe(429);
    expect(JSON.parse(over.text)).toMatchObject({ code: 'UPLOADS_OPEN_LIMIT' });
    await created(roomy, client, 400_000);
  });

  it('every chunk checks the disk as a job start does: 503 DISK_FULL, nothing written', async () => {
    const client = { 'x-forwarded-for': '203.0.113.40' };
    const url = await created(roomy, client, 1000);
    const onFull = new URL(new URL(url).pathname, full.origin).href;
    // The upload is the same client's on the other server (HEAD answers there).
    expect((await call(onFull, 'HEAD', client)).status).toBe(200);
    const refused = await call(onFull, 'PATCH', { ...client, ...chunk(0) }, new Uint8Array(1000).fill(7));
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'DISK_FULL' });
    expect(refused.headers.get('tus-resumable')).toBe('1.0.0');
    const head = await call(url, 'HEAD', client);
    expect(head.headers.get('upload-offset')).toBe('0');
    // Locally its file is still empty (in the bucket, an unfinished upload has no object yet).
    const stored = await storedUpload(roomy, url.slice(url.lastIndexOf('/') + 1));
    let bytes = 0;
    for await (const piece of stored ?? []) bytes += (piece as Buffer).length;
    expect(bytes).toBe(0);
    // Where the disk has room the same chunk is stored.
    const stored1000 = await call(url, 'PATCH', { ...client, ...chunk(0) }, new Uint8Array(1000).fill(7));
    expect(stored1000.status).toBe(204);
    expect(stored1000.headers.get('upload-offset')).toBe('1000');
  });

  it('an upload the store fails to read is not called gone: 500, and whole again once readable', async () => {
    const url = await created(roomy, stranger, 10);
    const id = url.slice(url.lastIndexOf('/') + 1);
    let kept = '';
    // Its info unreadable, as a busy bucket's failed read is: the client is told to try again
    // (tus clients retry a 500), never that the upload is gone (a 404 makes them start over).
    await rewriteUploadInfo(roomy, id, (text) => ((kept = text), '{'));
    const failed = await call(url, 'HEAD', stranger);
    expect(failed.status).toBe(500);
    await rewriteUploadInfo(roomy, id, () => kept);
    const head = await call(url, 'HEAD', stranger);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-length')).toBe('10');
    expect((await call(url, 'DELETE', stranger)).status).toBe(204);
  });
});
