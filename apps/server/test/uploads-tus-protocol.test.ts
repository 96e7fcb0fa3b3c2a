// The resumable uploads against the tus 1.0 protocol text (tus.io/protocols/resumable-upload),
// walked section by section with plain HTTP requests to the real, listening server: the core
// protocol (headers, HEAD, PATCH, OPTIONS), then each extension this server announces (creation,
// expiration, termination), the method override, and errors in the site's own JSON shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsEndpoint } from './support/resumable-client';
import { startTestApp, type TestApp } from './support/test-app';

const version = '1.0.0';
const tus = { 'tus-resumable': version };
const chunkType = 'application/offset+octet-stream';
/** An RFC 7231 HTTP-date (IMF-fixdate). */
const httpDate = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
/** Upload-Metadata as a client sends it: `filename` is "tone.wav", `kind` has no value. */
const metadata = `filename ${Buffer.from('tone.wav').toString('base64')},kind`;

let server: TestApp;
beforeAll(async () => {
  // Every upload here comes from one address: room for all of them open at once.
  server = await startTestApp(
    { UPLOADS_MAX_OPEN_PER_CLIENT: '100' },
    { listen: true, prefix: 'grabbit-tus-protocol-' },
  );
});
afterAll(async () => server?.close());

async function call(path: string, method: string, headers: Record<string, string> = {}, body?: Uint8Array) {
  const answer = await fetch(new URL(path, server.origin), { method, headers, body });
  const text = await answer.text();
  return { status: answer.status, headers: answer.headers, text };
}

/** A new upload of `length` bytes; its path. */
async function create(length: number, headers: Record<string, string> = {}) {
  const answer = await call(uploadsEndpoint(''), 'POST', {
    ...tus,
    'upload-length': String(length),
    ...headers,
  });
  expect(answer.status).toBe(201);
  return answer.headers.get('location') ?? '';
}

const patch = (path: string, offset: number, bytes: number, headers: Record<string, string> = {}) =>
  call(
    path,
    'PATCH',
    { ...tus, 'upload-offset': String(offset), 'content-type': chunkType, ...headers },
    new Uint8Array(bytes).fill(1),
  );

/** Our error body, with the protocol's Tus-Resumable on it. */
function expectError(answer: { headers: Headers; text: string }, code: string) {
  expect(JSON.parse(answer.text)).toMatchObject({ success: false, code });
  expect(answer.headers.get('tus-resumable')).toBe(version);
}

describe('core protocol: headers', () => {
  it('Tus-Resumable is on every answer, and a request in another version or none is 412 with Tus-Version', async () => {
    const path = await create(10);
    for (const headers of [{}, { 'tus-resumable': '0.2.2' }] as Record<string, string>[]) {
      const refused = await call(path, 'HEAD', headers);
      expect(refused.status).toBe(412);
      expect(refused.headers.get('tus-version')?.split(',')).toContain(version);
      expect(refused.headers.get('tus-resumable')).toBe(version);
      const chunk = await call(path, 'PATCH', {
        ...headers,
        'upload-offset': '0',
        'content-type': chunkType,
      });
      expect(chunk.status).toBe(412);
      expectError(chunk, 'TUS_VERSION_UNSUPPORTED');
    }
    expect((await call(path, 'HEAD', tus)).headers.get('tus-resumable')).toBe(version);
  });

  it('Upload-Offset and Upload-Length are non-negative integers', async () => {
    expectError(
      await call(uploadsEndpoint(''), 'POST', { ...tus, 'upload-length': '-1' }),
      'VALIDATION_FAILED',
    );
    const path = await create(10);
    const bad = await patch(path, 0, 1, { 'upload-offset': 'one' });
    expect(bad.status).toBe(400);
    expectError(bad, 'VALIDATION_FAILED');
  });
});

describe('core protocol: HEAD', () => {
  it("answers 200 with Upload-Offset, Upload-Length, no-store and exactly the client's Upload-Metadata", async () => {
    const path = await create(10, { 'upload-metadata': metadata });
    const head = await call(path, 'HEAD', tus);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('0');
    expect(head.headers.get('upload-length')).toBe('10');
    expect(head.headers.get('cache-control')).toContain('no-store');
    const echoed = (head.headers.get('upload-metadata') ?? '').split(',').sort();
    expect(echoed).toEqual(metadata.split(',').sort());
    // Without metadata sent, none is told (the server's own bookkeeping is not the client's).
    const bare = await call(await create(10), 'HEAD', tus);
    expect(bare.headers.get('upload-metadata')).toBeNull();
  });

  it('answers 404 without Upload-Offset for an upload that does not exist', async () => {
    const missing = await call(`${uploadsEndpoint('')}/${'0'.repeat(32)}`, 'HEAD', tus);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('upload-offset')).toBeNull();
    expect(missing.headers.get('tus-resumable')).toBe(version);
  });
});

describe('core protocol: PATCH', () => {
  it('appends at Upload-Offset and answers 204 with the new offset', async () => {
    const path = await create(10);
    const first = await patch(path, 0, 4);
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('4');
    const second = await patch(path, 4, 6);
    expect(second.headers.get('upload-offset')).toBe('10');
    expect((await call(path, 'HEAD', tus)).headers.get('upload-offset')).toBe('10');
  });

  it('a Content-Type other than application/offset+octet-stream is 415', async () => {
    const path = await create(10);
    const wrong = await patch(path, 0, 4, { 'content-type': 'application/octet-stream' });
    expect(wrong.status).toBe(415);
    expectError(wrong, 'UNSUPPORTED_CONTENT_TYPE');
    expect((await call(path, 'HEAD', tus)).headers.get('upload-offset')).toBe('0');
  });

  it("an Upload-Offset that is not the upload's is 409, and nothing is written", async () => {
    const path = await create(10);
    await patch(path, 0, 4);
    const conflict = await patch(path, 2, 4);
    expect(conflict.status).toBe(409);
    expectError(conflict, 'UPLOAD_OFFSET_MISMATCH');
    expect((await call(path, 'HEAD', tus)).headers.get('upload-offset')).toBe('4');
  });

  it('a PATCH to an upload that does not exist is 404', async () => {
    expectError(await patch(`${uploadsEndpoint('')}/${'1'.repeat(32)}`, 0, 1), 'UPLOAD_NOT_FOUND');
  });
});

describe('core protocol: OPTIONS', () => {
  it('tells Tus-Version, Tus-Extension and Tus-Max-Size, with or without a trailing slash', async () => {
    for (const path of [uploadsEndpoint(''), `${uploadsEndpoint('')}/`]) {
      // No Tus-Resumable needed on OPTIONS.
      const options = await call(path, 'OPTIONS');
      expect([200, 204]).toContain(options.status);
      expect(options.headers.get('tus-version')?.split(',')).toContain(version);
      expect(options.headers.get('tus-extension')?.split(',').sort()).toEqual([
        'creation',
        'expiration',
        'termination',
      ]);
      expect(options.headers.get('tus-max-size')).toMatch(/^[1-9]\d*$/);
    }
  });
});

describe('creation extension', () => {
  it('POST with Upload-Length answers 201 with Location; without it 400; over Tus-Max-Size 413', async () => {
    const path = await create(10);
    expect(path).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    const missing = await call(uploadsEndpoint(''), 'POST', tus);
    expect(missing.status).toBe(400);
    expectError(missing, 'VALIDATION_FAILED');
    const max = Number((await call(uploadsEndpoint(''), 'OPTIONS')).headers.get('tus-max-size'));
    const over = await call(uploadsEndpoint(''), 'POST', { ...tus, 'upload-length': String(max + 1) });
    expect(over.status).toBe(413);
    expectError(over, 'FILE_TOO_LARGE');
  });
});

describe('expiration extension', () => {
  it('Upload-Expires on the creation answer and on every PATCH answer, sooner once finished', async () => {
    const answer = await call(uploadsEndpoint(''), 'POST', { ...tus, 'upload-length': '10' });
    const expires = answer.headers.get('upload-expires') ?? '';
    expect(expires).toMatch(httpDate);
    expect(Date.parse(expires)).toBeGreaterThan(Date.now());
    const path = answer.headers.get('location') ?? '';
    const partial = await patch(path, 0, 5);
    expect(partial.headers.get('upload-expires')).toBe(expires);
    // The last byte in, nobody converting it, it expires sooner (UPLOAD_FINISHED_TTL_SECONDS).
    const last = await patch(path, 5, 5);
    const finishedExpires = Date.parse(last.headers.get('upload-expires') ?? '');
    expect(finishedExpires).toBeLessThan(Date.parse(expires));
    expect(finishedExpires).toBeGreaterThan(Date.now());
  });
});

describe('termination extension', () => {
  it('DELETE answers 204; the upload is gone for HEAD and PATCH', async () => {
    const path = await create(10);
    const removed = await call(path, 'DELETE', tus);
    expect(removed.status).toBe(204);
    expect(removed.headers.get('tus-resumable')).toBe(version);
    expect((await call(path, 'HEAD', tus)).status).toBe(404);
    expect((await patch(path, 0, 1)).status).toBe(404);
  });
});

describe('X-HTTP-Method-Override', () => {
  it('a POST stands for the PATCH, HEAD or DELETE it names', async () => {
    const path = await create(10);
    const override = (method: string, headers: Record<string, string> = {}, body?: Uint8Array) =>
      call(path, 'POST', { ...tus, 'x-http-method-override': method, ...headers }, body);
    const chunk = await override(
      'PATCH',
      { 'upload-offset': '0', 'content-type': chunkType },
      new Uint8Array(3),
    );
    expect(chunk.status).toBe(204);
    expect(chunk.headers.get('upload-offset')).toBe('3');
    const head = await override('HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('3');
    expect((await override('DELETE')).status).toBe(204);
    expect((await call(path, 'HEAD', tus)).status).toBe(404);
  });
});

describe('errors', () => {
  it('every refusal is our JSON error body with Tus-Resumable, and leaves the upload as it was', async () => {
    const path = await create(10);
    const past = await patch(path, 0, 11);
    expect(past.status).toBe(413);
    expectError(past, 'CHUNK_TOO_LARGE');
    const wrongMethod = await call(path, 'POST', { ...tus, 'x-http-method-override': 'GET' });
    expect(wrongMethod.status).toBe(400);
    expectError(wrongMethod, 'VALIDATION_FAILED');
    const head = await call(path, 'HEAD', tus);
    expect(head.headers.get('upload-offset')).toBe('0');
    expect(head.headers.get('upload-length')).toBe('10');
  });
});
