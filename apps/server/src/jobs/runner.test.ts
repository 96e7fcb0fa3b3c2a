// The in-process runner: the shared runner contract, then what only it does (the converter's pool
// used to): each job name keeps its own concurrency, and a name's bounded queue refuses with BUSY.
import { describe, expect, it } from 'vitest';
import type { ConvertJobData, DownloadJobData, Job, JobHandlers, JobName } from './job-types';
import { InProcessJobRunner, type JobLimits } from './runner';
import { runJobRunnerContract } from './runner.contract';

runJobRunnerContract(
  'InProcessJobRunner',
  (concurrency) => new InProcessJobRunner({ download: { concurrency }, convert: { concurrency } }),
);

const download = (id: string): Job => ({ name: 'download', id, data: { taskId: id } as DownloadJobData });
const convert = (id: string): Job => ({ name: 'convert', id, data: { conversionId: id } as ConvertJobData });

/** Handlers whose runs end only when the test releases them, by job id. */
function gated() {
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  const hold = (id: string, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) return resolve();
      started.push(id);
      gates.set(id, resolve);
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
  const handlers: JobHandlers = {
    download: (data, signal) => hold(data.taskId, signal),
    convert: (data, signal) => hold(data.conversionId, signal),
  };
  return { handlers, started, release: (id: string) => gates.get(id)?.() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

async function startedRunner(limits: Record<JobName, JobLimits>) {
  const runner = new InProcessJobRunner(limits);
  const gate = gated();
  await runner.start(gate.handlers);
  return { runner, ...gate };
}

describe('InProcessJobRunner limits per job name', () => {
  it('runs each name up to its own concurrency: busy downloads never hold back a conversion', async () => {
    const { runner, started, release } = await startedRunner({
      download: { concurrency: 1 },
      convert: { concurrency: 2 },
    });
    for (const job of [download('d1'), download('d2'), convert('c1'), convert('c2'), convert('c3')])
      await runner.submit(job);
    await tick();
    expect(started).toEqual(['d1', 'c1', 'c2']);
    expect(await runner.load()).toBe(5);
    release('c1');
    await tick();
    expect(started).toEqual(['d1', 'c1', 'c2', 'c3']);
    release('d1');
    await tick();
    expect(started).toEqual(['d1', 'c1', 'c2', 'c3', 'd2']);
    await runner.close();
  });

  it('refuses a job over its name’s queue limit with 503 BUSY and its words; the queued ones still run', async () => {
    const { runner, started, release } = await startedRunner({
      download: { concurrency: 1 },
      convert: { concurrency: 1, queueLimit: 1, busyMessage: 'The converter is busy.' },
    });
    await runner.submit(convert('running'));
    await runner.submit(convert('waiting'));
    const refusal = runner.submit(convert('refused'));
    await expect(refusal).rejects.toMatchObject({
      code: 'BUSY',
      statusCode: 503,
      message: 'The converter is busy.',
    });
    // Another name's queue is its own.
    await runner.submit(download('d1'));
    await runner.submit(download('d2'));
    release('running');
    await tick();
    expect(started).toEqual(['running', 'd1', 'waiting']);
    // A free place again: taken.
    await runner.submit(convert('later'));
    release('waiting');
    await tick();
    expect(started.at(-1)).toBe('later');
    await runner.close();
  });

  it('a discarded job gives its place in the queue back and never runs', async () => {
    const { runner, started, release } = await startedRunner({
      download: { concurrency: 1 },
      convert: { concurrency: 1, queueLimit: 1 },
    });
    await runner.submit(convert('running'));
    await runner.submit(convert('leaving'));
    expect(await runner.discard({ name: 'convert', id: 'leaving' })).toBe(true);
    await runner.submit(convert('next'));
    release('running');
    await tick();
    expect(started).toEqual(['running', 'next']);
    await runner.close();
  });
});
