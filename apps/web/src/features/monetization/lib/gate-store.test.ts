import { monetization } from '@grabbit/catalog';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickGate, gateSnapshot, resetGateAfterDownload, serverGateSnapshot } from './gate-store';

const main = { platformType: 'regular', conversionMode: false } as const;
const queueItem = { platformType: 'regular', conversionMode: true } as const;

describe('gate reset after a finished download', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('clears a completed gate 100 ms later', () => {
    for (let i = 0; i < monetization.clicksRegular; i += 1) clickGate(main);
    expect(gateSnapshot().complete).toBe(true);
    resetGateAfterDownload();
    vi.advanceTimersByTime(monetization.resetAfterDownloadMs);
    expect(gateSnapshot()).toMatchObject({ clickCount: 0, complete: false });
  });

  it('keeps a click made on another button within those 100 ms', () => {
    for (let i = 0; i < monetization.clicksRegular; i += 1) clickGate(main);
    resetGateAfterDownload();
    clickGate(queueItem);
    vi.advanceTimersByTime(monetization.resetAfterDownloadMs);
    expect(gateSnapshot()).toMatchObject({ clickCount: 1, conversionMode: true });
  });
});

describe('server snapshot', () => {
  it('is the same fresh gate on every call, as useSyncExternalStore requires', () => {
    expect(serverGateSnapshot()).toBe(serverGateSnapshot());
    expect(serverGateSnapshot()).toMatchObject({ clickCount: 0, complete: false, conversionMode: false });
  });
});
