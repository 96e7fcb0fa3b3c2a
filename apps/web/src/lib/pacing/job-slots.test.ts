import { describe, expect, it } from 'vitest';
import { JobSlots } from './job-slots';

/** A job that ends when told to. */
function deferred() {
  let end = () => {};
  const done = new Promise<void>((resolve) => (end = resolve));
  return { done, end };
}

describe('JobSlots', () => {
  it('runs at most its size at once, the rest in order as slots free', async () => {
    const slots = new JobSlots(2);
    const jobs = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = jobs.map((job, index) =>
      slots.run(async () => {
        started.push(index);
        await job.done;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    jobs[1]?.end();
    await expect(runs[1]).resolves.toBe(1);
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    jobs.forEach((job) => job.end());
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
  });

  it('frees the slot of a job that fails', async () => {
    const slots = new JobSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });
});
