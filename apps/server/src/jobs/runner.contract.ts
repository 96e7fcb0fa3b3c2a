// What every JobRunner must do, as a reusable suite: the in-process runner runs it now, and the
// scaled mode's queue-backed runner runs the same suite later.
import { describe, expect, it } from 'vitest';
import type { DownloadJobData, Job, JobHandlers } from './job-types';
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

/** This suite queues downloads only; the other names need a handler all the same. */
const idleConvert: JobHandlers['convert'] = async () => undefined;

/** A handler whose runs end only when the test says so. */
function gatedHandlers() {
  const started: string[] = [];
  const signals = new Map<string, AbortSignal>();
  const gates = new Map<string, () => void>();
  const handlers: JobHandlers = {
    convert: idleConvert,
    download: (data, signal) => {
      started.push(data.taskId);
      signals.set(data.taskId, signal);
      return new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        gates.set(data.taskId, resolve);
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
    },
  };
  return { handlers, started, signals, release: (id: string) => gates.get(id)?.() };
}

export interface JobRunnerContractOptions {
  /** How long a submitted job may take to start (a queue in Redis takes longer than memory). */
  settleMs?: number;
  /**
   * The queue is shared by several processes (BullMQ): at close, queued jobs stay queued for the
   * other workers instead of being handed an aborted signal here.
   */
  sharedQueue?: boolean;
}

export function runJobRunnerContract(
  name: string,
  makeRunner: (concurrency: number) => JobRunner,
  options: JobRunnerContractOptions = {},
): void {
  const settle = () => new Promise((resolve) => setTimeout(resolve, options.settleMs ?? 20));
  describe(`${name} (job runner contract)`, () => {
    it('refuses to start when a job name has no handler', async () => {
      const runner = makeRunner(1);
      await expect(runner.start({} as JobHandlers)).rejects.toThrow(/No job handler for: download, convert/);
      await runner.close();
    });

    it('runs each job by its name, with a copy of its data', async () => {
      const runner = makeRunner(2);
      const { handlers, started, release } = gatedHandlers();
      await runner.start(handlers);
      const job = downloadJob('a');
      await runner.submit(job);
      job.data.taskId = 'changed after submit';
      await settle();
      expect(started).toEqual(['a']);
      release('a');
      await settle();
      expect(await runner.load()).toBe(0);
      await runner.close();
    });

    it('discards a job still waiting for its turn, never a running one', async () => {
      const runner = makeRunner(1);
      const { handlers, started, release } = gatedHandlers();
      await runner.start(handlers);
      for (const id of ['a', 'b']) await runner.submit(downloadJob(id));
      await settle();
      expect(await runner.discard({ name: 'download', id: 'a' })).toBe(false);
      expect(await runner.discard({ name: 'download', id: 'b' })).toBe(true);
      expect(await runner.discard({ name: 'download', id: 'unknown' })).toBe(false);
      release('a');
      await settle();
      expect(started).toEqual(['a']);
      expect(await runner.load()).toBe(0);
      await runner.close();
    });

    it('keeps to its concurrency and counts queued plus running jobs', async () => {
      const runner = makeRunner(2);
      const { handlers, started, release } = gatedHandlers();
      await runner.start(handlers);
      for (const id of ['a', 'b', 'c']) await runner.submit(downloadJob(id));
      await settle();
      expect(started).toEqual(['a', 'b']);
      expect(await runner.load()).toBe(3);
      release('a');
      await settle();
      expect(started).toEqual(['a', 'b', 'c']);
      expect(await runner.load()).toBe(2);
      await runner.close();
    });

    it('a failing job does not stop the next one', async () => {
      const runner = makeRunner(1);
      const ran: string[] = [];
      await runner.start({
        convert: idleConvert,
        download: async (data) => {
          ran.push(data.taskId);
          if (data.taskId === 'bad') throw new Error('boom');
        },
      });
      await runner.submit(downloadJob('bad'));
      await runner.submit(downloadJob('good'));
      await settle();
      expect(ran).toEqual(['bad', 'good']);
      await runner.close();
    });

    it('close aborts running jobs, hands queued ones an aborted signal, then refuses new jobs', async () => {
      const runner = makeRunner(1);
      const { handlers, started, signals } = gatedHandlers();
      await runner.start(handlers);
      await runner.submit(downloadJob('running'));
      await runner.submit(downloadJob('queued'));
      await settle();
      await runner.close();
      expect(started).toEqual(options.sharedQueue ? ['running'] : ['running', 'queued']);
      expect(signals.get('running')?.aborted).toBe(true);
      if (!options.sharedQueue) expect(signals.get('queued')?.aborted).toBe(true);
      await expect(runner.submit(downloadJob('late'))).rejects.toThrow(/closed/);
    });
  });
}
