// A worker process for the BullMQ runner tests (the one that gets SIGKILLed): runs the test
// queues against REDIS_URL and prints "ready" once it takes jobs.
import { BullMQJobRunner } from '../../src/jobs/bullmq-job-runner';
import { connectRedis } from '../../src/redis/redis-connection';
import { fastRecovery, sleepHandler, testTable } from './bull-test-queues';

const url = process.env.REDIS_URL ?? '';
const handler = sleepHandler(connectRedis(url, 'waiting'), process.env.WORKER_NAME ?? 'child');
const runner = new BullMQJobRunner(testTable(handler), {
  connection: connectRedis(url, 'commands'),
  workerConnection: () => connectRedis(url, 'waiting'),
  ...fastRecovery,
});
await runner.start();
process.stdout.write('ready\n');
