// A worker process for the BullMQ runner tests (the one that gets SIGKILLed): runs the test
// queues against REDIS_URL and prints "ready" once it takes jobs.
import { BullJobRunner } from '../../src/jobs/bullmq-queues';
import { connectRedis } from '../../src/redis/redis-connection';
import { fastRecovery, sleepHandler, testQueues } from './bull-test-queues';

const url = process.env.REDIS_URL ?? '';
const commands = connectRedis(url, 'commands');
const runner = new BullJobRunner({ connection: commands, queues: testQueues(), ...fastRecovery });
await runner.startWorkers({
  connection: connectRedis(url, 'waiting'),
  handlers: { sleep: sleepHandler(connectRedis(url, 'waiting'), process.env.WORKER_NAME ?? 'child') },
  onFailed: () => {},
});
process.stdout.write('ready\n');
