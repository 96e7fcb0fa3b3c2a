// The conversion pool's state machine: bounded running slots, a bounded queue refused with BUSY,
// slots handed over in order, and a waiter whose visitor left giving up its place.
import { describe, expect, it } from 'vitest';
import { ConversionPool } from './pool';

function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { open, done };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('ConversionPool', () => {
  it('runs at most `concurrency` jobs and hands the slot to the next waiter in order', async () => {
    const pool = new ConversionPool(1, 5);
    const signal = new AbortController().signal;
    const first = gate();
    const order: string[] = [];
    const a = pool.run(async () => {
      order.push('a');
      await first.done;
    }, signal);
    const b = pool.run(async () => void order.push('b'), signal);
    const c = pool.run(async () => void order.push('c'), signal);
    await tick();
    expect(pool.stats).toEqual({ running: 1, waiting: 2 });
    first.open();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(pool.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses with BUSY once the queue is full', async () => {
    const pool = new ConversionPool(1, 1);
    const signal = new AbortController().signal;
    const hold = gate();
    const running = pool.run(() => hold.done, signal);
    const waiting = pool.run(async () => 'ran', signal);
    await expect(pool.run(async () => 'never', signal)).rejects.toMatchObject({ code: 'BUSY' });
    hold.open();
    await running;
    expect(await waiting).toBe('ran');
  });

  it('a waiter whose request is aborted leaves the queue and never runs', async () => {
    const pool = new ConversionPool(1, 5);
    const hold = gate();
    const running = pool.run(() => hold.done, new AbortController().signal);
    const leaving = new AbortController();
    let ran = false;
    const waiting = pool.run(async () => void (ran = true), leaving.signal);
    leaving.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'REQUEST_CANCELLED' });
    expect(pool.stats.waiting).toBe(0);
    hold.open();
    await running;
    expect(ran).toBe(false);
    expect(pool.stats).toEqual({ running: 0, waiting: 0 });
  });
});
