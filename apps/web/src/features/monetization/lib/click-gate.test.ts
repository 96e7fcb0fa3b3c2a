import { monetizationStorageKeys } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import {
  clearGate,
  clicksLeft,
  gateLabel,
  isConversionMode,
  gateProgress,
  initialGate,
  registerClick,
  requiredClicks,
  type GateContext,
} from './click-gate';
import { readGate, writeGate } from './gate-storage';

const main: GateContext = { platformType: 'regular', conversionMode: false };
const adult: GateContext = { platformType: 'adult', conversionMode: false };
const queue: GateContext = { platformType: 'regular', conversionMode: true };

function clicks(context: GateContext, times: number) {
  let state = initialGate(context, 's');
  const outcomes = [];
  for (let i = 0; i < times; i += 1) {
    const outcome = registerClick(state, context);
    outcomes.push(outcome);
    state = outcome.state;
  }
  return { state, outcomes };
}

describe('click-gate', () => {
  it('needs 3 clicks on regular and adult pages and 2 for queue items', () => {
    expect([main, adult, queue].map(requiredClicks)).toEqual([3, 3, 2]);
    const { outcomes } = clicks(main, 4);
    expect(outcomes.map((o) => [o.opensSponsors, o.runsAction])).toEqual([
      [true, false],
      [true, false],
      [true, true],
      [false, true],
    ]);
    expect(clicks(queue, 2).outcomes.map((o) => o.runsAction)).toEqual([false, true]);
  });

  it('counts down the label and fills the strip', () => {
    const { state } = clicks(main, 1);
    expect(clicksLeft(state, main)).toBe(2);
    expect(gateProgress(state, main)).toBeCloseTo(1 / 3);
  });

  it('labels each gated button by what it does', () => {
    expect(gateLabel('downloader', 3)).toBe('Download (3 clicks to start)');
    expect(gateLabel('queue-item', 2)).toBe('Download (2 clicks to start)');
    expect(gateLabel('converter', 3)).toBe('Convert (3 clicks to start)');
    expect(gateLabel('queue-item', 2, 'Save zip of 3 files')).toBe('Save zip of 3 files (2 clicks to start)');
    expect(gateLabel('queue-item', 1)).toBe('Download (1 click to start)');
    expect(isConversionMode('queue-item')).toBe(true);
    expect(isConversionMode('downloader')).toBe(false);
    expect(isConversionMode('converter')).toBe(false);
  });

  it('resets when the platform type or the conversion flag changes', () => {
    const { state } = clicks(main, 2);
    expect(clicksLeft(state, adult)).toBe(3);
    const next = registerClick(state, queue);
    expect(next.state).toMatchObject({ clickCount: 1, conversionMode: true, complete: false });
  });

  it('clears after a finished download, keeping the session', () => {
    const { state } = clicks(main, 3);
    expect(state.complete).toBe(true);
    expect(clearGate(state)).toEqual({ ...initialGate(main, 's') });
  });

  it('keeps its state under the five storage keys', () => {
    const map = new Map<string, string>();
    const store = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    };
    writeGate(store, clicks(adult, 2).state);
    expect(Object.fromEntries(map)).toEqual({
      [monetizationStorageKeys.clickCount]: '2',
      [monetizationStorageKeys.complete]: 'false',
      [monetizationStorageKeys.platformType]: 'adult',
      [monetizationStorageKeys.conversionMode]: 'false',
      [monetizationStorageKeys.sessionId]: 's',
    });
    expect(readGate(store, main)).toEqual(clicks(adult, 2).state);
  });
});
