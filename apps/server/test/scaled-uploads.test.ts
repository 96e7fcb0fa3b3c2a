// Resumable uploads across the API processes of scaled mode (real processes on one redis-server,
// uploads in the bucket): a client's open uploads are counted across both processes, and two
// chunks of one upload sent to different processes never both write (the one that loses answers
// 409 UPLOAD_IN_USE with the offset stored so far).
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, redisReady } from '../src/redis/redis-connection';
import { heldChunk } from './support/held-chunk';
import { uploadsEndpoint } from './support/resumable-client';
import type { ApiProcess } from './support/scaled-processes';
import { startScaledStack, type ScaledStack } from './support/scaled-stack';
import { until } from './support/until';

let stack: ScaledStack;
let nodeA: ApiProcess;
let nodeB: ApiProcess;
let redis: Redis;
const tus = { 'tus-resumable': '1.0.0' };

beforeAll(async () => {
  stack = await startScaledStack({
    TRUST_PROXY: '1',
    START_WORKER: 'false',
    UPLOADS_MAX_OPEN_PER_CLIENT: '2',
    UPLOADS_MAX_OPEN_BYTES_PER_CLIENT: '10000000',
  });
  // One after the other: two cold starts at once on a busy machine take twice as long each.
  nodeA = await stack.api('api-a');
  nodeB = await stack.api('api-b');
  redis = connectRedis(stack.redis.url, 'commands');
  await redisReady(redis);
}, 300_000);

afterAll(async () => {
  redis?.disconnect();
  await stack?.close();
});

async function call(url: string, method: string, headers: Record<string, string>) {
  const answer = await fetch(url, { method, headers: { ...tus, ...headers } });
  return { status: answer.status, headers: answer.headers, text: await answer.text() };
}

const create = (node: ApiProcess, client: string, length: number) =>
  call(uploadsEndpoint(node.origin), 'POST', { 'x-forwarded-for': client, 'upload-length': String(length) });

async function created(node: ApiProcess, client: string, length: number): Promise<string> {
  const answer = await create(node, client, length);
  expect(answer.status, answer.text).toBe(201);
  return new URL(answer.headers.get('location') ?? '', node.origin).pathname;
}

describe('resumable uploads across API processes', () => {
  it("counts a client's open uploads across both processes", async () => {
    const client = '198.51.100.10';
    const first = await created(nodeA, client, 100);
    await created(nodeB, client, 100);
    for (const node of [nodeA, nodeB]) {
      const refused = await create(node, client, 100);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.text)).toMatchObject({ code: 'UPLOADS_OPEN_LIMIT' });
    }
    // Removed on one process, it no longer counts on the other.
    expect((await call(`${nodeB.origin}${first}`, 'DELETE', { 'x-forwarded-for': client })).status).toBe(204);
    await created(nodeA, client, 100);
    expect((await create(nodeB, client, 100)).status).toBe(429);
  });

  it('two chunks of one upload sent to different processes never both write', async () => {
    const client = { 'x-forwarded-for': '198.51.100.20' };
    const length = 2 * 1024 * 1024;
    const path = await created(nodeA, client['x-forwarded-for'], length);
    // A's chunk starts and is held open with part of its bytes sent.
    const onA = heldChunk(`${nodeA.origin}${path}`, client, 0, length, 1);
    onA.send(256 * 1024);
    // A writes once its claim on the upload is in Redis.
    const id = path.slice(path.lastIndexOf('/') + 1);
    await until(async () => (await redis.keys(`*upload-writer:${id}`)).length === 1, "A's claim");
    // B's chunk for the same offset arrives while A writes: refused, told where the upload stands.
    const onB = heldChunk(`${nodeB.origin}${path}`, client, 0, length, 2);
    onB.end();
    const refused = await onB.answer;
    expect(refused.status, refused.body).toBe(409);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'UPLOAD_IN_USE' });
    expect(refused.headers['tus-resumable']).toBe('1.0.0');
    expect(Number(refused.headers['upload-offset'])).toBeLessThan(length);
    onA.end();
    const answer = await onA.answer;
    expect(answer.status, answer.body).toBe(204);
    expect(answer.headers['upload-offset']).toBe(String(length));
    // Every stored byte is A's.
    const head = await call(`${nodeB.origin}${path}`, 'HEAD', client);
    expect(head.headers.get('upload-offset')).toBe(String(length));
    const logs = nodeA.output() + nodeB.output();
    expect(logs).not.toMatch(/unhandled error/i);
  });
});
