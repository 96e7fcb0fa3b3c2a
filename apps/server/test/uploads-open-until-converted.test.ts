// Resumable uploads as a visitor could abuse them, against the real server: every unconverted
// upload counts toward the open-upload bounds until converted, deleted or expired (a full one
// too), an empty upload is refused, a finished upload nobody converts expires after
// UPLOAD_FINISHED_TTL_SECONDS, a chunk that loses the race to another answers 409 with the offset
// (never a 500 logged as an error), an expired upload can be deleted by its owner, and a wrong
// method on an upload path still speaks tus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldChunk } from './support/held-chunk';
import { uploadsEndpoint } from './support/resumable-client';
import { startTestApp, type TestApp } from './support/test-app';
import { until } from './support/until';

const tus = { 'tus-resumable': '1.0.0' };
const logLines: string[] = [];
let server: TestApp;

beforeAll(async () => {
  server = await startTestApp(
    {
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
      UPLOADS_MAX_OPEN_PER_CLIENT: '2',
      UPLOADS_MAX_OPEN_BYTES_PER_CLIENT: '10000000',
      UPLOAD_FINISHED_TTL_SECONDS: '3',
    },
    { listen: true, prefix: 'grabbit-tus-open-', logLines },
  );
});
afterAll(async () => {
  await server?.close();
});

let clients = 0;
const newClient = () => ({ 'x-forwarded-for': `192.0.2.${++clients}` });

async function call(url: string, method: string, headers: Record<string, string>, body?: Uint8Array) {
  const answer = await fetch(url, { method, headers: { ...tus, ...headers }, body });
  return { status: answer.status, headers: answer.headers, text: await answer.text() };
}

const create = (client: Record<string, string>, length: number) =>
  call(uploadsEndpoint(server.origin), 'POST', { ...client, 'upload-length': String(length) });

async function created(client: Record<string, string>, length: number): Promise<string> {
  const answer = await create(client, length);
  expect(answer.status, answer.text).toBe(201);
  return new URL(answer.headers.get('location') ?? '', server.origin).href;
}

const fill = (url: string, client: Record<string, string>, bytes: number) =>
  call(
    url,
    'PATCH',
    { ...client, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    new Uint8Array(bytes).fill(3),
  );

describe('resumable uploads a visitor cannot hoard', () => {
  it('a full upload still counts toward the bounds until it is deleted', async () => {
    const client = newClient();
    const full = await created(client, 100);
    expect((await fill(full, client, 100)).status).toBe(204);
    await created(client, 100);
    const refused = await create(client, 100);
    expect(refused.status, refused.text).toBe(429);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'UPLOADS_OPEN_LIMIT' });
    expect((await call(full, 'DELETE', client)).status).toBe(204);
    await created(client, 100);
  });

  it('an empty upload is refused with a clear 400', async () => {
    const answer = await create(newClient(), 0);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'UPLOAD_EMPTY' });
    expect(answer.headers.get('tus-resumable')).toBe('1.0.0');
  });

  it('a finished upload nobody converts expires soon, stops counting, and its owner can still delete it', async () => {
    const client = newClient();
    const url = await created(client, 100);
    const created2 = await created(client, 100);
    const finished = await fill(url, client, 100);
    expect(finished.status).toBe(204);
    const expires = Date.parse(finished.headers.get('upload-expires') ?? '');
    expect(expires - Date.now()).toBeLessThan(60_000);
    await until(
      async () => (await call(url, 'HEAD', client)).status === 410,
      'the finished upload to expire',
    );
    // Expired, it no longer counts: a second upload fits beside the unfinished one.
    await created(client, 100);
    // Nobody else may delete it; its owner may (tus termination of an expired upload).
    expect((await call(url, 'DELETE', newClient())).status).toBe(404);
    expect((await call(url, 'DELETE', client)).status).toBe(204);
    expect((await call(url, 'HEAD', client)).status).toBe(404);
    expect((await call(created2, 'HEAD', client)).status).toBe(200);
  });

  it('a chunk that loses the race answers 409 with the offset, logged below error', async () => {
    const client = newClient();
    const length = 1024 * 1024;
    const url = await created(client, length);
    const first = heldChunk(url, client, 0, length, 1);
    first.send(128 * 1024);
    const second = heldChunk(url, client, 0, length, 2);
    second.end();
    first.end();
    const answers = await Promise.all([first.answer, second.answer]);
    for (const answer of answers) {
      expect([204, 409], answer.body).toContain(answer.status);
      expect(answer.headers['upload-offset']).toMatch(/^\d+$/);
    }
    const conflicts = answers.filter((answer) => answer.status === 409);
    for (const conflict of conflicts)
      expect(JSON.parse(conflict.body).code).toMatch(/^UPLOAD_(OFFSET_MISMATCH|IN_USE)$/);
    const errors = logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
    // The upload stands where the answers say.
    const head = await call(url, 'HEAD', client);
    expect(answers.map((answer) => answer.headers['upload-offset'])).toContain(
      head.headers.get('upload-offset'),
    );
  });

  it('a wrong method on an upload path is 405 with Tus-Resumable', async () => {
    const client = newClient();
    const url = await created(client, 100);
    const answer = await call(url, 'PUT', client);
    expect(answer.status).toBe(405);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    expect(answer.headers.get('tus-resumable')).toBe('1.0.0');
  });
});
