// The server stops while a keep-alive client has just read a whole file: the client holds every
// byte (Content-Length) before the stream's end reaches the answer, and close() falls in that gap.
import { PassThrough } from 'node:stream';
import { afterAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const test of apps) await test.close().catch(() => {});
});

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
  const outcome = await Promise.race([
    closed.then(() => 'closed'),
    new Promise((resolve) => setTimeout(() => resolve('still open'), 10_000)),
  ]);
  expect(outcome).toBe('closed');
});
