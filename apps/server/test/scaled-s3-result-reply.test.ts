// Result downloads answered from a real S3-compatible server (s3rver) through a real Fastify
// route: redirect to a signed link named for the visitor, or streamed with ranges.
import Fastify, { type FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyFromBucket } from '../src/storage/s3-result-reply';
import { S3ResultStore, type StoredObject } from '../src/storage/s3-result-store';
import { startS3, type TestS3 } from './support/s3-server';

let s3: TestS3;
let store: S3ResultStore;
let app: FastifyInstance;
let stored: StoredObject;
let client: ReturnType<TestS3['client']>;
const content = Buffer.from('0123456789abcdefghij');

beforeAll(async () => {
  s3 = await startS3();
  client = s3.client();
  store = new S3ResultStore(client, s3.bucket, 60 * 60 * 1000);
  stored = await store.put(Readable.from([content]), { fileName: 'Café clip.mp4', contentType: 'video/mp4' });
  app = Fastify();
  app.get<{ Params: { fileId: string }; Querystring: { redirect?: string } }>(
    '/api/download/file/:fileId',
    async (request, reply) => {
      const redirect = request.query.redirect === '1';
      const answered = await replyFromBucket(request, reply, store, request.params.fileId, { redirect });
      return answered ?? reply.code(404).send({ code: 'FILE_EXPIRED' });
    },
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  client?.destroy();
  await s3?.close();
});

describe('result downloads from the bucket', () => {
  it('redirects to a signed link that serves the file under the visitor-facing name', async () => {
    const answer = await app.inject({ url: `/api/download/file/${stored.fileId}?redirect=1` });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const link = String(answer.headers.location);
    expect(link).toContain('X-Amz-Signature=');
    const fetched = await fetch(link);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-disposition')).toBe(
      `attachment; filename="Caf? clip.mp4"; filename*=UTF-8''Caf%C3%A9%20clip.mp4`,
    );
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(content);
  });

  it('streams the file whole or by range when redirects are off', async () => {
    const whole = await app.inject({ url: `/api/download/file/${stored.fileId}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toEqual(content);
    expect(whole.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-length': '20',
      'content-type': 'video/mp4',
      'x-content-type-options': 'nosniff',
    });
    expect(whole.headers['content-disposition']).toContain("filename*=UTF-8''Caf%C3%A9%20clip.mp4");

    const part = await app.inject({
      url: `/api/download/file/${stored.fileId}`,
      headers: { range: 'bytes=5-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 5-9/20');
    expect(part.payload).toBe('56789');

    const tail = await app.inject({
      url: `/api/download/file/${stored.fileId}`,
      headers: { range: 'bytes=-3' },
    });
    expect(tail.payload).toBe('hij');

    const beyond = await app.inject({
      url: `/api/download/file/${stored.fileId}`,
      headers: { range: 'bytes=50-' },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */20');
  });

  it('answers missing and malformed ids as not found, never reaching for another key', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', '..%2F..%2Fetc', 'x']) {
      expect((await app.inject({ url: `/api/download/file/${id}` })).statusCode).toBe(404);
      expect((await app.inject({ url: `/api/download/file/${id}?redirect=1` })).statusCode).toBe(404);
    }
  });
});
