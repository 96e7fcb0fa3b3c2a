import { describe, expect, it } from 'vitest';
import { closedRetryDelay, reconnectDelay, runReconnect } from './hub-backoff';

describe('hub back-off', () => {
  it('doubles from 1 s, caps at 10 s and stops after 60 s', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => reconnectDelay(n, 0))).toEqual([
      1000, 2000, 4000, 8000, 10000, 10000,
    ]);
    expect(reconnectDelay(3, 59_999)).toBe(8000);
    expect(reconnectDelay(0, 60_000)).toBeNull();
  });

  it('retries up to 5 times, 2 s apart, after a close', () => {
    expect([0, 1, 2, 3, 4, 5].map(closedRetryDelay)).toEqual([2000, 2000, 2000, 2000, 2000, null]);
  });

  it('runs the whole schedule on a fake clock when every attempt fails', async () => {
    let clock = 0;
    const attemptsAt: number[] = [];
    const phases: string[] = [];
    const ok = await runReconnect({
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
      attempt: async () => {
        attemptsAt.push(clock);
        return false;
      },
      onPhase: (phase) => phases.push(`${phase}@${clock}`),
    });
    expect(ok).toBe(false);
    // 1+2+4+8+10+10+10+10 = 55 s, then 65 s is past the 60 s limit; then five tries 2 s apart.
    expect(attemptsAt).toEqual([
      1000, 3000, 7000, 15000, 25000, 35000, 45000, 55000, 65000, 67000, 69000, 71000, 73000, 75000,
    ]);
    expect(phases).toEqual(['reconnecting@0', 'restarting@65000', 'gave-up@75000']);
  });

  it('stops as soon as an attempt connects', async () => {
    let clock = 0;
    let calls = 0;
    const ok = await runReconnect({
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
      attempt: async () => ++calls === 3,
      onPhase: () => undefined,
    });
    expect(ok).toBe(true);
    expect(calls).toBe(3);
    expect(clock).toBe(7000);
  });
});
