import { BullJobRunner } from './src/scaled/bullmq-runner';
import { connectRedis, redisReady } from './src/scaled/redis-connection';
import { startRedis } from './test/support/redis-server';
import { testQueues } from './test/support/bull-test-queues';
const redis = await startRedis();
const c = connectRedis(redis.url, 'commands');
await redisReady(c);
const r = new BullJobRunner({ connection: c, queues: testQueues() });
console.log(await r.submit('sleep', { ms: 1 }));
await redis.stop();
await new Promise((res) => setTimeout(res, 500));
console.log(await r.submit('sleep', { ms: 1 }).catch((e) => e.message));
await redis.start();
for (let i = 0; i < 10; i++) {
  await new Promise((res) => setTimeout(res, 1000));
  console.log(c.status, await r.submit('sleep', { ms: 1 }).catch((e) => `${e.message} ${e.cause?.message}`));
}
await redis.close(); process.exit(0);
