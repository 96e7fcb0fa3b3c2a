// The BullMQ job runner against a real redis-server: per-worker concurrency, the queue limit,
// timeouts, retries, Redis going away, a SIGKILLed worker process's job recovered by another
// worker (or failed with a clear reason), and graceful shutdown handing jobs back.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { BullMQJobRunner } from '../src/jobs/bullmq-job-runner';
import type { FailedJob, JobSpec } from '../src/jobs/job-table';
import { QueueBusyError } from '../src/jobs/queue-errors';
import {
  connectRedis,
  QueueUnavailableError,
  redisReachable,
  redisReady,
} from '../src/redis/redis-connection';
import {
  fastRecovery,
  sleepHandler,
  testTable,
  type SleepJob,
  type SleepJobs,
} from './support/bull-test-queues';
import { startRedis, type TestRedis } from './support/redis-server';
import { until } from './support/until';
import { tsxLoader } from './support/working-folder';

let redis: TestRedis;
const connections: Redis[] = [];
const runners: BullMQJobRunner<SleepJobs>[] = [];
const children: ChildProcess[] = [];

async function connect(role: 'commands' | 'waiting'): Promise<Redis> {
  const connection = connectRedis(redis.url, role);
  connections.push(connection);
  await redisReady(connection);
  return connection;
}

/** A runner standing for one process; with `worker` set it also runs jobs under that name. */
async function runner(
  options: { worker?: string; spec?: Partial<JobSpec<SleepJob>>; maxStalledCount?: number } = {},
): Promise<{
  runner: BullMQJobRunner<SleepJobs>;
  failed: FailedJob[];
  submit: (job: SleepJob) => Promise<string>;
}> {
  const failed: FailedJob[] = [];
  const handler = sleepHandler(await connect('commands'), options.worker ?? 'producer');
  const waiting = options.worker ? await connect('waiting') : undefined;
  const instance = new BullMQJobRunner(
    testTable(handler, { ...options.spec, onFailure: (job) => void failed.push(job) }),
    {
      connection: await connect('commands'),
      ...(options.maxStalledCount === undefined ? {} : { maxStalledCount: options.maxStalledCount }),
      ...(waiting ? { workerConnection: () => waiting } : {}),
      ...fastRecovery,
    },
  );
  runners.push(instance);
  await instance.start();
  const submit = async (data: SleepJob) => {
    const id = randomUUID();
    await instance.submit({ name: 'sleep', id, data });
    return id;
  };
  return { runner: instance, failed, submit };
}

async function runs(jobId: string): Promise<string[]> {
  const reader = await connect('commands');
  return reader.lrange(`test:runs:${jobId}`, 0, -1);
}

function startWorkerProcess(name: string): Promise<ChildProcess> {
  // Node itself with tsx as a loader (not the tsx command, whose own child a SIGKILL would miss).
  const script = path.join(import.meta.dirname, 'support/bull-worker-process.ts');
  const child = spawn(process.execPath, ['--import', tsxLoader, script], {
    env: { ...process.env, REDIS_URL: redis.url, WORKER_NAME: name },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready\n')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker process exited (${code}): ${output}`)));
  });
}

beforeAll(async () => {
  redis = await startRedis();
});

beforeEach(async () => {
  await redis.start();
  await (await connect('commands')).flushall();
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await Promise.all(runners.splice(0).map((instance) => instance.close(0).catch(() => undefined)));
  for (const connection of connections.splice(0)) connection.disconnect();
});

afterAll(async () => {
  await redis?.close();
});

describe('BullMQ job runner', () => {
  it('runs jobs with each worker process limited to its concurrency', async () => {
    const producer = await runner();
    await runner({ worker: 'w1' });
    const ids = await Promise.all(Array.from({ length: 4 }, () => producer.submit({ ms: 600 })));
    // Two run at once; the other two wait for a free slot.
    await until(async () => (await producer.runner.depth()).sleep?.active === 2);
    expect((await producer.runner.depth()).sleep).toEqual({ waiting: 2, active: 2 });
    await until(async () => (await Promise.all(ids.map(runs))).every((list) => list.at(-1) === 'w1:1:done'));
  });

  it('refuses jobs beyond the queue limit with BUSY and a retry delay', async () => {
    const producer = await runner({ spec: { queueLimit: 2 } });
    await producer.submit({ ms: 10 });
    await producer.submit({ ms: 10 });
    const refusal = await producer.submit({ ms: 10 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(QueueBusyError);
    expect((refusal as QueueBusyError).retryAfterSeconds).toBeGreaterThan(0);
  });

  it('stops a job at its time limit without retrying it, and retries one whose handler threw', async () => {
    const worker = await runner({ worker: 'w1', spec: { timeoutMs: 300 } });
    const slow = await worker.submit({ ms: 10_000 });
    const flaky = await worker.submit({ ms: 10, failUntilAttempt: 2 });
    await until(() => worker.failed.length === 1 && worker.failed[0]?.jobId === slow);
    expect(worker.failed[0]?.error.message).toMatch(/longer than 0 s|longer than/);
    expect(await runs(slow)).toEqual(['w1:1:start']);
    await until(async () => (await runs(flaky)).includes('w1:2:done'));
    expect(await runs(flaky)).toEqual(['w1:1:start', 'w1:2:start', 'w1:2:done']);
    expect(worker.failed).toHaveLength(1);
  });

  it('answers 503-style errors at once while Redis is away, and queues again when it is back', async () => {
    const producer = await runner();
    const connection = connections[0]!;
    await redis.stop();
    await until(async () => !(await redisReachable(connection)));
    const started = Date.now();
    await expect(producer.submit({ ms: 10 })).rejects.toBeInstanceOf(QueueUnavailableError);
    expect(Date.now() - started).toBeLessThan(2_000);
    await redis.start();
    await until(() => redisReachable(connection));
    await until(() =>
      producer.submit({ ms: 10 }).then(
        () => true,
        () => false,
      ),
    );
  });

  it('runs a job taken before the commands connection is back once it is, without failing it', async () => {
    const producer = await runner();
    // As just after Redis returned: the worker's waiting connection is back, its fail-fast
    // connection (the one its handler writes through) is not yet.
    const commands = await connect('commands');
    const waiting = await connect('waiting');
    commands.disconnect();
    const failed: FailedJob[] = [];
    const worker = new BullMQJobRunner(
      testTable(sleepHandler(commands, 'late'), { attempts: 1, onFailure: (job) => void failed.push(job) }),
      { connection: commands, workerConnection: () => waiting, ...fastRecovery },
    );
    runners.push(worker);
    await worker.start();
    const jobId = await producer.submit({ ms: 10 });
    const reader = await connect('commands');
    const taken = async () => (await reader.lrange('grabbit:sleep:active', 0, -1)).includes(jobId);
    await until(async () => failed.length > 0 || (await taken()), 'the job taken');
    await commands.connect();
    await until(async () => failed.length > 0 || (await runs(jobId)).includes('late:1:done'));
    expect(failed.map((job) => job.error.message)).toEqual([]);
    expect(await runs(jobId)).toEqual(['late:1:start', 'late:1:done']);
  });

  it("gives a SIGKILLed worker process's job to another worker", async () => {
    const producer = await runner();
    const doomed = await startWorkerProcess('killed');
    const jobId = await producer.submit({ ms: 1_500 });
    await until(async () => (await runs(jobId)).length === 1);
    doomed.kill('SIGKILL');
    // The survivor starts only now, so the job cannot have gone to it first.
    await runner({ worker: 'survivor' });
    await until(async () => (await runs(jobId)).includes('survivor:2:done'));
    expect(await runs(jobId)).toEqual(['killed:1:start', 'survivor:2:start', 'survivor:2:done']);
  });

  it('fails a job for good, with a clear reason, once dead workers exceed the allowance', async () => {
    const producer = await runner();
    const doomed = await startWorkerProcess('killed');
    const jobId = await producer.submit({ ms: 1_500 });
    await until(async () => (await runs(jobId)).length === 1);
    doomed.kill('SIGKILL');
    const survivor = await runner({ worker: 'survivor', maxStalledCount: 0 });
    await until(() => survivor.failed.length === 1);
    expect(survivor.failed[0]).toMatchObject({ name: 'sleep', jobId, data: { ms: 1_500 } });
    expect(survivor.failed[0]?.error.message).toMatch(/stalled/);
    expect(await runs(jobId)).toEqual(['killed:1:start']);
  });

  it('hands running jobs back at shutdown after the grace period, for another worker to finish', async () => {
    const leaving = await runner({ worker: 'leaving' });
    const jobId = await leaving.submit({ ms: 3_000 });
    await until(async () => (await runs(jobId)).length === 1);
    await leaving.runner.close(200);
    await runner({ worker: 'staying' });
    await until(async () => (await runs(jobId)).some((entry) => entry.endsWith(':done')));
    expect(await runs(jobId)).toEqual(['leaving:1:start', 'staying:2:start', 'staying:2:done']);
    expect(leaving.failed).toEqual([]);
  });
});
