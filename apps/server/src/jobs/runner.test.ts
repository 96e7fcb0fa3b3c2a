// The in-process runner: the shared runner contract, then what only it does: each job name keeps
// its own concurrency, so a burst of downloads never holds back a conversion, and the reverse.
import { describe, expect, it } from 'vitest';
import type { JobSpec } from './job-table';
import type { CloudCopyJobData, ConvertJobData, DownloadJobData, Job, ProductJobTable } from './job-types';
import { InProcessJobRunner } from './runner';
import { runJobRunnerContract } from './runner.contract';

/** Polls a condition every few milliseconds (the runner starts jobs on later ticks). */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 2_000; tries += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('condition not met');
}

runJobRunnerContract('InProcessJobRunner', (table) => new InProcessJobRunner(table), { until });

const download = (id: string): Job => ({ name: 'download', id, data: { taskId: id } as DownloadJobData });
const convert = (id: string): Job => ({ name: 'convert', id, data: { conversionId: id } as ConvertJobData });

describe('InProcessJobRunner limits per job name', () => {
  it('runs each name up to its own concurrency: busy downloads never hold back a conversion', async () => {
    const started: string[] = [];
    const gates = new Map<string, () => void>();
    const hold = (id: string) =>
      new Promise<void>((resolve) => {
        started.push(id);
        gates.set(id, resolve);
      });
    const spec = <D>(handler: JobSpec<D>['handler'], concurrency: number): JobSpec<D> => ({
      handler,
      concurrency,
      timeoutMs: 60_000,
    });
    const table: ProductJobTable = {
      download: spec((data) => hold(data.taskId), 1),
      convert: spec((data) => hold(data.conversionId), 2),
      webhook: spec((data) => hold(data.deliveryId), 1),
      cloud: spec((data: CloudCopyJobData) => hold(data.copyId), 1),
    };
    const runner = new InProcessJobRunner(table);
    await runner.start();
    for (const job of [download('d1'), download('d2'), convert('c1'), convert('c2'), convert('c3')])
      await runner.submit(job);
    await until(() => started.length === 3);
    expect(started).toEqual(['d1', 'c1', 'c2']);
    expect(await runner.load()).toBe(5);
    gates.get('c1')?.();
    await until(() => started.length === 4);
    expect(started.at(-1)).toBe('c3');
    gates.get('d1')?.();
    await until(() => started.length === 5);
    expect(started.at(-1)).toBe('d2');
    for (const release of gates.values()) release();
    await runner.close();
  });
});

describe('InProcessJobRunner turns of its own work', () => {
  it('holds queued jobs of the name while work runs in its turn', async () => {
    const started: string[] = [];
    const table: ProductJobTable = {
      download: {
        handler: async (data) => void started.push(data.taskId),
        concurrency: 1,
        timeoutMs: 60_000,
      },
      convert: { handler: async () => undefined, concurrency: 1, timeoutMs: 60_000 },
      webhook: { handler: async () => undefined, concurrency: 1, timeoutMs: 60_000 },
      cloud: { handler: async () => undefined, concurrency: 1, timeoutMs: 60_000 },
    };
    const runner = new InProcessJobRunner(table);
    await runner.start();
    let finish: () => void = () => {};
    const turn = runner.inTurn('download', () => new Promise<void>((resolve) => (finish = resolve)));
    await runner.submit(download('d1'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual([]);
    finish();
    await turn;
    await until(() => started.length === 1);
    expect(started).toEqual(['d1']);
    await runner.close();
  });
});
