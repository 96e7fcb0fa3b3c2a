// What every ConversionStateStore with its ConversionSignals must do, as a reusable suite (the
// scaled mode's Redis store and channel run it too): records, atomic changes, and waiting for a
// conversion's end from another party.
import { describe, expect, it } from 'vitest';
import type { ConversionSignals } from './conversion-signals';
import type { ConversionStateStore } from './conversion-state';
import { waitForConversion } from './wait-for-conversion';

export interface ConversionStateParts {
  state: ConversionStateStore;
  signals: ConversionSignals;
}

export function runConversionStateContract(name: string, make: () => Promise<ConversionStateParts>): void {
  describe(`${name} (conversion state contract)`, () => {
    it('knows nothing of an unknown conversion', async () => {
      const { state } = await make();
      expect(await state.get('nope')).toBeUndefined();
    });

    it('answers the last record written', async () => {
      const { state } = await make();
      await state.set({ conversionId: 'c1', status: 'queued' });
      await state.set({ conversionId: 'c1', status: 'completed', fileId: 'f1', fileName: 'a.webp' });
      expect(await state.get('c1')).toEqual({
        conversionId: 'c1',
        status: 'completed',
        fileId: 'f1',
        fileName: 'a.webp',
      });
    });

    it('forgets a deleted record', async () => {
      const { state } = await make();
      await state.set({ conversionId: 'c7', status: 'completed', fileId: 'f7' });
      await state.delete('c7');
      expect(await state.get('c7')).toBeUndefined();
      await state.delete('never known');
    });

    it('changes a record only when the change says so', async () => {
      const { state } = await make();
      await state.set({ conversionId: 'c2', status: 'failed', code: 'REQUEST_CANCELLED', message: 'gone' });
      const kept = await state.update('c2', (current) =>
        current?.status === 'failed' ? undefined : { conversionId: 'c2', status: 'converting' },
      );
      expect(kept?.status).toBe('failed');
      await state.set({ conversionId: 'c3', status: 'queued' });
      const moved = await state.update('c3', (current) =>
        current ? { ...current, status: 'converting' } : undefined,
      );
      expect(moved?.status).toBe('converting');
      expect((await state.get('c3'))?.status).toBe('converting');
    });

    it('lets a waiter see the end another party records and signals', async () => {
      const { state, signals } = await make();
      await state.set({ conversionId: 'c4', status: 'converting' });
      const wait = waitForConversion(state, signals, 'c4');
      let settled = false;
      void wait.done.then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(settled).toBe(false);
      await state.set({ conversionId: 'c4', status: 'completed', fileId: 'f4' });
      signals.publish({ conversionId: 'c4', signal: 'ended' });
      expect(await wait.done).toMatchObject({ status: 'completed', fileId: 'f4' });
    });

    it('settles a wait that is stopped before the end as undefined', async () => {
      const { state, signals } = await make();
      await state.set({ conversionId: 'c6', status: 'queued' });
      const wait = waitForConversion(state, signals, 'c6');
      wait.stop();
      expect(await wait.done).toBeUndefined();
    });

    it('answers a conversion that already ended at once, and an unknown one as undefined', async () => {
      const { state, signals } = await make();
      await state.set({ conversionId: 'c5', status: 'failed', code: 'CONVERSION_FAILED', message: 'x' });
      expect(await waitForConversion(state, signals, 'c5').done).toMatchObject({ status: 'failed' });
      expect(await waitForConversion(state, signals, 'never').done).toBeUndefined();
    });
  });
}
