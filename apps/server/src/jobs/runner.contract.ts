// What every JobRunner must do with a job table, as a reusable suite: the in-process runner runs
// it in the unit tests, and the BullMQ runner runs the same suite against a real redis-server.
import { describe, expect, it } from 'vitest';
import { JobDeferred } from './hand-back';
import type { FailedJob, JobSpec } from './job-table';
import type { ConvertJobData, DownloadJobData, Job, JobDataByName, ProductJobTable } from './job-types';
import type { JobRunner } from './runner';

function downloadJob(taskId: string): Extract<Job, { name: 'download' }> {
  const data: DownloadJobData = {
    taskId,
    platformId: 'youtube',
    url: 'https://www.youtube.com/watch?v=abc',
    isTestHost: false,
    format: 'mp4',
    quality: 'best',
    removeWatermark: false,
  };
  return { name: 'download', id: taskId, data };
}

function convertJob(conversionId: string): Extract<Job, { name: 'convert' }> {
  const data = { conversionId, kind: 'image' } as ConvertJobData;
  return { name: 'convert', id: conversionId, data };
}

/** Handlers whose runs end only when the test says so; failures are recorded per name. */
function gatedTable(concurrency: number, overrides: { queueLimit?: number } = {}) {
  const started: string[] = [];
  const signals = new Map<string, AbortSignal>();
  const gates = new Map<string, () => void>();
  const failed: Record<keyof JobDataByName, FailedJob[]> = {
    download: [],
    convert: [],
    webhook: [],
    cloud: [],
  };
  /** Each webhook run's delivery id and attempt number. */
  const runs: string[] = [];
  const hold = (id: string, signal: AbortSignal) => {
    started.push(id);
    signals.set(id, signal);
    if (id.startsWith('bad')) return Promise.reject(new Error(`${id} broke`));
    return new Promise<void>((resolve) => {
      if (signal.aborted) return resolve();
      gates.set(id, resolve);
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
  };
  const spec = <D>(handler: JobSpec<D>['handler'], name: keyof JobDataByName): JobSpec<D> => ({
    handler,
    concurrency,
    timeoutMs: 60_000,
    ...overrides,
    onFailure: (failure) => void failed[name].push(failure as FailedJob),
  });
  const table: ProductJobTable = {
    download: spec((data, { signal }) => hold(data.taskId, signal), 'download'),
    convert: spec((data, { signal }) => hold(data.conversionId, signal), 'convert'),
    // Fails its first two runs; a `defer` delivery first waits for its turn once.
    webhook: {
      ...spec(async ({ deliveryId }) => {
        if (deliveryId === 'defer' && !runs.includes('defer deferred')) {
          runs.push('defer deferred');
          throw new JobDeferred(20);
        }
        const run = runs.filter((entry) => entry.startsWith(`${deliveryId}#`)).length + 1;
        runs.push(`${deliveryId}#${run}`);
        if (run < 3) throw new Error(`${deliveryId} refused`);
      }, 'webhook'),
      attempts: 3,
      retryDelayMs: () => 20,
    },
    cloud: spec((data, { signal }) => hold(data.copyId, signal), 'cloud'),
  };
  return { table, started, signals, failed, runs, release: (id: string) => gates.get(id)?.() };
}

export interface JobRunnerContractOptions {
  /** Waits until a condition holds (a queue in Redis takes longer than memory). */
  until: (condition: () => boolean | Promise<boolean>) => Promise<void>;
  /**
   * The queue is shared by several processes (BullMQ): at close, queued jobs stay queued for the
   * other workers instead of being handed an aborted signal here.
   */
  sharedQueue?: boolean;
}

export function runJobRunnerContract(
  name: string,
  makeRunner: (table: ProductJobTable) => JobRunner,
  { until, sharedQueue = false }: JobRunnerContractOptions,
): void {
  describe(`${name} (job runner contract)`, () => {
    it('refuses to start when a job name has no handler', async () => {
      // A table read from plain data, past the types, that names no handler.
      const untyped: ProductJobTable = JSON.parse('{"download":{},"convert":{},"webhook":{},"cloud":{}}');
      const runner = makeRunner(untyped);
      await expect(runner.start()).rejects.toThrow(/No job handler for: download, convert, webhook, cloud/);
      await runner.close();
    });

    it('runs each job by its name’s own handler, with a copy of its data', async () => {
      const { table, started, release } = gatedTable(2);
      const runner = makeRunner(table);
      await runner.start();
      const job = downloadJob('a');
      await runner.submit(job);
      job.data.taskId = 'changed after submit';
      await runner.submit(convertJob('c'));
      await until(() => started.length === 2);
      expect(started.sort()).toEqual(['a', 'c']);
      release('a');
      release('c');
      await until(async () => (await runner.load()) === 0);
      await runner.close();
    });

    it('discards a job still waiting for its turn, never a running one', async () => {
      const { table, started, release } = gatedTable(1);
      const runner = makeRunner(table);
      await runner.start();
      for (const id of ['a', 'b']) await runner.submit(downloadJob(id));
      await until(() => started.includes('a'));
      expect(await runner.discard({ name: 'download', id: 'a' })).toBe(false);
      expect(await runner.discard({ name: 'download', id: 'b' })).toBe(true);
      expect(await runner.discard({ name: 'download', id: 'unknown' })).toBe(false);
      release('a');
      await until(async () => (await runner.load()) === 0);
      expect(started).toEqual(['a']);
      await runner.close();
    });

    it('keeps each name to its concurrency and counts queued plus running jobs', async () => {
      const { table, started, release } = gatedTable(2);
      const runner = makeRunner(table);
      await runner.start();
      for (const id of ['a', 'b', 'c']) await runner.submit(downloadJob(id));
      await until(() => started.length === 2);
      expect(await runner.load()).toBe(3);
      release(started[0] as string);
      await until(() => started.length === 3);
      expect(await runner.load()).toBe(2);
      await runner.close();
    });

    it('runs work in a turn only when the name’s running jobs leave one free', async () => {
      const { table, started, release } = gatedTable(1);
      const runner = makeRunner(table);
      await runner.start();
      await runner.submit(downloadJob('running'));
      await until(() => started.includes('running'));
      let ran = false;
      const turn = runner.inTurn('download', async () => {
        ran = true;
        return 'read';
      });
      // Another name's turns are free meanwhile.
      await expect(runner.inTurn('convert', async () => 'other')).resolves.toBe('other');
      expect(ran).toBe(false);
      release('running');
      await expect(turn).resolves.toBe('read');
      await until(async () => (await runner.load()) === 0);
      await runner.close();
    });

    it('refuses a job beyond its name’s queue limit with 503 BUSY', async () => {
      const { table, started, release } = gatedTable(1, { queueLimit: 1 });
      const runner = makeRunner(table);
      await runner.start();
      await runner.submit(convertJob('running'));
      await until(() => started.includes('running'));
      await runner.submit(convertJob('waiting'));
      await expect(runner.submit(convertJob('refused'))).rejects.toMatchObject({
        code: 'BUSY',
        statusCode: 503,
      });
      // Another name's queue is its own.
      await runner.submit(downloadJob('d1'));
      for (const id of ['running', 'waiting', 'd1']) {
        await until(() => started.includes(id));
        release(id);
      }
      await until(async () => (await runner.load()) === 0);
      await runner.close();
    });

    it('routes a failure to its own name’s onFailure, and the next job still runs', async () => {
      const { table, started, failed, release } = gatedTable(1);
      const runner = makeRunner(table);
      await runner.start();
      await runner.submit(downloadJob('bad-download'));
      await runner.submit(downloadJob('good'));
      await until(() => failed.download.length === 1 && started.includes('good'));
      expect(failed.download[0]).toMatchObject({ jobId: 'bad-download', data: { taskId: 'bad-download' } });
      expect(failed.download[0]?.error.message).toMatch(/bad-download broke/);
      expect(failed.convert).toEqual([]);
      release('good');
      await runner.close();
    });

    it('retries a job as its spec allows, after its delay; a deferred run costs no attempt', async () => {
      const { table, runs, failed } = gatedTable(1);
      const runner = makeRunner(table);
      await runner.start();
      await runner.submit({ name: 'webhook', id: 'w1', data: { endpointId: 'e', deliveryId: 'retry' } });
      await runner.submit({ name: 'webhook', id: 'w2', data: { endpointId: 'e', deliveryId: 'defer' } });
      await until(() => runs.includes('retry#3') && runs.includes('defer#3'));
      await until(async () => (await runner.load()) === 0);
      expect(runs.filter((run) => run.startsWith('retry'))).toEqual(['retry#1', 'retry#2', 'retry#3']);
      // Deferred once, failed twice, then through: the deferral was not one of its three attempts.
      expect(runs.filter((run) => run.startsWith('defer'))).toEqual([
        'defer deferred',
        'defer#1',
        'defer#2',
        'defer#3',
      ]);
      expect(failed.webhook).toEqual([]);
      await runner.close();
    });

    it('close aborts running jobs, hands queued ones an aborted signal, then refuses new jobs', async () => {
      const { table, started, signals } = gatedTable(1);
      const runner = makeRunner(table);
      await runner.start();
      await runner.submit(downloadJob('running'));
      await runner.submit(downloadJob('queued'));
      await until(() => started.includes('running'));
      await runner.close();
      expect(started).toEqual(sharedQueue ? ['running'] : ['running', 'queued']);
      expect(signals.get('running')?.aborted).toBe(true);
      if (!sharedQueue) expect(signals.get('queued')?.aborted).toBe(true);
      await expect(runner.submit(downloadJob('late'))).rejects.toThrow(/closed/);
    });
  });
}
