// Resumable uploads (tus) with a real client (tus-js-client in Node) against the real server, in
// embedded mode here and in scaled mode (the bucket, multipart) in the integration-scaled project:
// a 150 MB upload in 50 MB chunks survives a cut connection, a finished upload converts by id and
// is removed (a refused conversion leaves it as it was), other clients' and expired ids are
// refused, and every call acts on the id its route matched, whatever the rest of the URL says.
import { request as httpRequest } from 'node:http';
import { maxChunkBytes } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeAudio } from './support/media-fixtures';
import { probeFile } from './support/media-probes';
import { saveFile } from './support/convert-app';
import {
  convertById,
  finish,
  idOf,
  isStored,
  sha256Of,
  storedUpload,
  tusUpload,
  uploadsEndpoint,
  writeBytes,
} from './support/resumable-client';
import { startTestApp, type TestApp } from './support/test-app';
import { until } from './support/until';

const visitor = { 'x-forwarded-for': '203.0.113.10' };
const stranger = { 'x-forwarded-for': '203.0.113.20' };
const tus = { 'tus-resumable': '1.0.0' };
/** The headers of a chunk sent from the start of an upload. */
const firstChunk = { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' };

let server: TestApp;
let dir: string;

beforeAll(async () => {
  server = await startTestApp({ TRUST_PROXY: '1' }, { listen: true, prefix: 'grabbit-tus-' });
  dir = await mkdtemp(path.join(tmpdir(), 'grabbit-tus-files-'));
});
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A raw tus call, for what a well-behaved client never sends. */
async function tusCall(url: string, method: string, headers: Record<string, string>) {
  const answer = await fetch(url, { method, headers: { ...tus, ...headers } });
  const text = await answer.text();
  return { status: answer.status, headers: answer.headers, text };
}

describe('resumable uploads', () => {
  it('a 150 MB upload in 50 MB chunks resumes after its connection is cut and completes', async () => {
    // Three chunks: one whole before the cut, one cut, one after (more adds time, not cases).
    const size = 150 * 1024 ** 2;
    const { file, sha } = await writeBytes(dir, 'big.bin', size);
    let cut = false;
    const first = tusUpload(server.origin, file, {
      chunkSize: maxChunkBytes,
      headers: visitor,
      // Cut the connection in the middle of the second chunk.
      onProgress: (sent) => {
        if (!cut && sent > 1.5 * maxChunkBytes) {
          cut = true;
          void first.abort();
        }
      },
    });
    first.start();
    await until(() => cut && first.url !== null, 'the cut', 120_000);
    const url = first.url ?? '';
    // The server kept what arrived before the cut: the upload goes on from there.
    let offset = 0;
    await until(async () => {
      const head = await tusCall(url, 'HEAD', visitor);
      offset = Number(head.headers.get('upload-offset'));
      return head.status === 200 && offset >= maxChunkBytes;
    }, 'the offset after the cut');
    expect(offset).toBeLessThan(size);
    const chunks: number[] = [];
    const resumed = tusUpload(server.origin, file, {
      chunkSize: maxChunkBytes,
      headers: visitor,
      uploadUrl: url,
      onChunkComplete: (chunk) => chunks.push(chunk),
    });
    expect(await finish(resumed)).toBe(url);
    // Only the rest was sent again.
    expect(chunks.reduce((sum, chunk) => sum + chunk, 0)).toBe(size - offset);
    const head = await tusCall(url, 'HEAD', visitor);
    expect(head.headers.get('upload-offset')).toBe(String(size));
    const stored = await storedUpload(server, idOf(url));
    expect(stored).toBeDefined();
    expect(await sha256Of(stored!)).toBe(sha);
    // Removed by its owner (tus termination): gone from the store.
    expect((await tusCall(url, 'DELETE', visitor)).status).toBe(204);
    expect(await isStored(server, idOf(url))).toBe(false);
  }, 300_000);

  it('a finished upload converts by id, then is removed', async () => {
    const wav = await makeAudio(dir, 'tone.wav', 2);
    const url = await finish(tusUpload(server.origin, wav, { chunkSize: 64 * 1024, headers: visitor }));
    const response = await convertById(server, 'audio', idOf(url), 'mp3', visitor);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('tone.mp3');
    const probe = await probeFile(await saveFile(dir, 'tone.mp3', response.rawPayload));
    expect(probe.formatName).toBe('mp3');
    expect(probe.duration).toBeGreaterThan(1.5);
    // Converted: the upload is gone, and its id is refused from now on.
    expect(await isStored(server, idOf(url))).toBe(false);
    expect((await tusCall(url, 'HEAD', visitor)).status).toBe(404);
    const again = await convertById(server, 'audio', idOf(url), 'mp3', visitor);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
  });

  it("refuses another client's upload: HEAD, PATCH, DELETE and converting it", async () => {
    const wav = await makeAudio(dir, 'mine.wav', 1);
    const url = await finish(tusUpload(server.origin, wav, { headers: visitor }));
    for (const method of ['HEAD', 'DELETE'])
      expect((await tusCall(url, method, stranger)).status, method).toBe(404);
    const patch = await tusCall(url, 'PATCH', {
      ...stranger,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    });
    expect(patch.status).toBe(404);
    expect(JSON.parse(patch.text)).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
    const converted = await convertById(server, 'audio', idOf(url), 'mp3', stranger);
    expect(converted.statusCode).toBe(404);
    expect(converted.json()).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
    // Still there for its owner.
    expect((await tusCall(url, 'HEAD', visitor)).status).toBe(200);
  });

  it('refuses an unfinished upload, a chunk over 50 MB and a file over the limit', async () => {
    const created = await tusCall(uploadsEndpoint(server.origin), 'POST', {
      ...visitor,
      'upload-length': '1000',
    });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location') ?? '', server.origin).href;
    const unfinished = await convertById(server, 'audio', idOf(url), 'mp3', visitor);
    expect(unfinished.statusCode).toBe(409);
    expect(unfinished.json()).toMatchObject({ code: 'UPLOAD_UNFINISHED' });
    // A chunk running past the upload's length is refused, and none of it is stored.
    const past = await fetch(url, {
      method: 'PATCH',
      headers: { ...firstChunk, ...visitor },
      body: new Uint8Array(1001),
    });
    expect(past.status).toBe(413);
    const offset = await tusCall(url, 'HEAD', visitor);
    expect(offset.headers.get('upload-offset')).toBe('0');
    // A chunk that says it is larger than 50 MB is refused before a byte of it is read.
    const tooLarge = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(url, {
        method: 'PATCH',
        headers: { ...firstChunk, ...visitor, 'content-length': String(maxChunkBytes + 1) },
      });
      request.on('response', (answer) => {
        let body = '';
        answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
        answer.on('end', () => {
          resolve({ status: answer.statusCode ?? 0, body });
          request.destroy();
        });
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toMatchObject({ code: 'CHUNK_TOO_LARGE' });
    const huge = await tusCall(uploadsEndpoint(server.origin), 'POST', {
      ...visitor,
      'upload-length': String(8 * 1024 ** 3),
    });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.text)).toMatchObject({ code: 'FILE_TOO_LARGE' });
  });
});

/** A raw request on a path exactly as written (fetch would resolve dot segments first). */
function rawCall(origin: string, path: string, method: string, headers: Record<string, string>, body = '') {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(`${origin}${path}`, {
      method,
      path,
      headers: { ...tus, ...headers, 'content-length': String(body.length) },
    });
    request.on('response', (answer) => {
      let text = '';
      answer.on('data', (chunk: Buffer) => (text += chunk.toString()));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('resumable uploads act on the id their route matched', () => {
  const create = async (headers: Record<string, string>, length: number) => {
    const created = await tusCall(uploadsEndpoint(server.origin), 'POST', {
      ...headers,
      'upload-length': String(length),
    });
    expect(created.status).toBe(201);
    return new URL(created.headers.get('location') ?? '', server.origin).href;
  };
  const offsetOf = async (url: string, headers: Record<string, string>) =>
    (await tusCall(url, 'HEAD', headers)).headers.get('upload-offset');

  it("never another client's upload named after a query string, an encoded slash or a dot segment", async () => {
    const mine = await create(visitor, 10);
    const theirs = await create(stranger, 20);
    const other = idOf(theirs);
    // The query string is not part of the id: the call acts on the caller's own upload.
    const head = await tusCall(`${mine}?/${other}`, 'HEAD', visitor);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-length')).toBe('10');
    const patch = await fetch(`${mine}?/${other}`, {
      method: 'PATCH',
      headers: { ...firstChunk, ...visitor },
      body: new Uint8Array(5),
    });
    expect(patch.status).toBe(204);
    expect(await offsetOf(mine, visitor)).toBe('5');
    // An encoded slash or a dot segment is no upload id: refused, and nothing is written.
    const path = new URL(mine).pathname;
    for (const tricked of [`${path}%2F..%2F${other}`, `${path}/../${other}`, `${path}/..%2F${other}`]) {
      const answer = await rawCall(server.origin, tricked, 'PATCH', { ...firstChunk, ...visitor }, 'xxxxx');
      expect([400, 404], tricked).toContain(answer.status);
    }
    expect(await offsetOf(theirs, stranger)).toBe('0');
    expect(await offsetOf(mine, visitor)).toBe('5');
  });

  it('a refused conversion (wrong converter, unsupported output) leaves the upload to convert again', async () => {
    const wav = await makeAudio(dir, 'kept.wav', 1);
    const url = await finish(tusUpload(server.origin, wav, { headers: visitor }));
    const id = idOf(url);
    const wrongConverter = await convertById(server, 'image', id, 'png', visitor);
    expect(wrongConverter.statusCode).toBe(415);
    expect(wrongConverter.json()).toMatchObject({ code: 'UNSUPPORTED_FORMAT' });
    const sameFormat = await convertById(server, 'audio', id, 'wav', visitor);
    expect(sameFormat.statusCode).toBe(400);
    expect(sameFormat.json()).toMatchObject({ code: 'UNSUPPORTED_CONVERSION' });
    // Still whole, byte for byte, and converted by the right request.
    const head = await tusCall(url, 'HEAD', visitor);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(head.headers.get('upload-length'));
    const stored = await storedUpload(server, id);
    expect(await sha256Of(stored!)).toBe(await sha256Of(createReadStream(wav)));
    const converted = await convertById(server, 'audio', id, 'mp3', visitor);
    expect(converted.statusCode).toBe(200);
    expect(await isStored(server, id)).toBe(false);
  });
});

describe('expired resumable uploads', () => {
  let shortLived: TestApp;
  beforeAll(async () => {
    // Uploads live about a second; the sweep runs every few seconds.
    shortLived = await startTestApp(
      { TRUST_PROXY: '1', UPLOAD_TTL_HOURS: String(1 / 3600), RESULT_SWEEP_SECONDS: '3' },
      { listen: true, prefix: 'grabbit-tus-ttl-' },
    );
  });
  afterAll(async () => shortLived?.close());

  it('are refused once past their time, then swept from the store', async () => {
    const wav = await makeAudio(dir, 'late.wav', 1);
    const url = await finish(tusUpload(shortLived.origin, wav, { headers: visitor }));
    const id = idOf(url);
    // Past its time, its owner is told it expired (410), before and after the sweep ran.
    await until(
      async () => (await tusCall(url, 'HEAD', visitor)).status === 410,
      'the upload expired',
      15_000,
    );
    const refused = await convertById(shortLived, 'audio', id, 'mp3', visitor);
    expect([410, 404]).toContain(refused.statusCode);
    expect(['UPLOAD_EXPIRED', 'UPLOAD_NOT_FOUND']).toContain(refused.json().code);
    await until(async () => !(await isStored(shortLived, id)), 'the sweep', 15_000);
    expect(await isStored(shortLived, id)).toBe(false);
  });
});
