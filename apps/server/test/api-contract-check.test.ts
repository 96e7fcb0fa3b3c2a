// The contract check of the test harness (support/contract-check.ts) fails a test app whose
// answers the API document does not describe: an undeclared status, a media type it does not list,
// a body that breaks its schema, a header a browser client reads that is not declared.
import { expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp } from './support/test-app';

it('fails the app on answers the document does not describe, and passes it on those it does', async () => {
  const test = await startTestApp({});
  const ok = z.object({ name: z.string() });
  const schema = { summary: 'A route of this test only', response: { 200: ok } };
  test.app.get('/api/test-only/status', { schema: { summary: schema.summary } }, (_request, reply) =>
    reply.code(418).send({ name: 'x' }),
  );
  test.app.get('/api/test-only/type', { schema }, (_request, reply) => reply.type('text/plain').send('name'));
  // A body sent as text skips the route's serializer, as a hand-written answer would.
  test.app.get('/api/test-only/body', { schema }, (_request, reply) =>
    reply.type('application/json').send(JSON.stringify({ name: 1 })),
  );
  test.app.get('/api/test-only/header', { schema }, (_request, reply) =>
    reply.header('upload-offset', '1').send({ name: 'x' }),
  );
  test.app.get('/api/test-only/fine', { schema }, () => ({ name: 'x' }));
  for (const path of ['status', 'type', 'body', 'header', 'fine'])
    await test.app.inject({ url: `/api/test-only/${path}` });
  const message = await test.close().then(
    () => '',
    (error: Error) => error.message,
  );
  expect(message).toContain('GET /api/test-only/status -> 418: status 418 is not declared');
  expect(message).toMatch(/GET \/api\/test-only\/type -> 200: media type text\/plain is not declared/);
  expect(message).toMatch(/GET \/api\/test-only\/body -> 200: body: .*name/);
  expect(message).toContain('GET /api/test-only/header -> 200: header upload-offset is not declared');
  expect(message).not.toContain('/api/test-only/fine');
});
