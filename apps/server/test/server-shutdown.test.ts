// The server stops while a keep-alive client has just read a whole file: the client holds every
// byte (Content-Length) before the stream's end reaches the answer, and close() falls in that gap.
// It also stops while a client, answered early (400) in the middle of its upload, sends no more.
import { request } from 'node:http';
import { PassThrough } from 'node:stream';
import { afterAll, expect, it } from 'vitest';
import { multipartForm, startConvertApp } from './support/convert-app';
import { startTestApp, type TestApp } from './support/test-app';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const test of apps) await test.close().catch(() => {});
});

async function settlesWithin(closing: Promise<unknown>, ms: number): Promise<string> {
  return Promise.race([
    closing.then(() => 'closed'),
    new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);
}

it('close() ends a keep-alive connection whose answer finishes after close began', async () => {
  const body = Buffer.alloc(64 * 1024, 7);
  let endBody = () => {};
  const test = await startTestApp({}, { prefix: 'grabbit-shutdown-' });
  apps.push(test);
  test.app.get('/test/slow-end', async (_request, reply) => {
    const stream = new PassThrough();
    stream.write(body);
    endBody = () => stream.end();
    return reply.header('content-length', body.length).send(stream);
  });
  const origin = await test.app.listen({ host: '127.0.0.1', port: 0 });
  const response = await fetch(`${origin}/test/slow-end`);
  expect((await response.arrayBuffer()).byteLength).toBe(body.length);

  const closed = test.app.close();
  // The answer finishes only now, after close() has passed over its still busy connection.
  setTimeout(() => endBody(), 100);
  expect(await settlesWithin(closed, 10_000)).toBe('closed');
});

it('close() drops a connection answered early whose upload stopped arriving', async () => {
  const test = await startConvertApp();
  apps.push(test);
  const origin = await test.app.listen({ host: '127.0.0.1', port: 0 });
  // An output no page offers: refused (400) as soon as the file part begins.
  const form = multipartForm({ OutputFormat: 'exe', Quality: 'high' }, 'photo.png', Buffer.alloc(0));
  const fileStart = form.payload.indexOf('\r\n\r\n', form.payload.indexOf('InputFile')) + 4;
  const upload = request(`${origin}/api/convert/image`, {
    method: 'POST',
    headers: { ...form.headers, 'content-length': String(fileStart + 10_000_000) },
  });
  upload.on('error', () => undefined);
  const status = new Promise<number>((resolve) =>
    upload.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }),
  );
  // The head and 64 KB of the file, then nothing more: the rest never comes.
  upload.write(Buffer.concat([form.payload.subarray(0, fileStart), Buffer.alloc(64 * 1024)]));
  expect(await status).toBe(400);
  expect(await settlesWithin(test.app.close(), 10_000)).toBe('closed');
  upload.destroy();
});
