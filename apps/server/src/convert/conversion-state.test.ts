import { expect, it } from 'vitest';
import { InProcessConversionSignals } from './conversion-signals';
import { MemoryConversionStateStore, publicJob } from './conversion-state';
import { runConversionStateContract } from './conversion-state.contract';

runConversionStateContract('in memory', async () => ({
  state: new MemoryConversionStateStore(60_000),
  signals: new InProcessConversionSignals(),
}));

it('shows a queued conversion as converting, and an end with its link or its error', () => {
  expect(publicJob({ conversionId: 'a', status: 'queued' })).toEqual({
    jobId: 'a',
    status: 'converting',
    statusUrl: '/api/convert/jobs/a',
  });
  expect(publicJob({ conversionId: 'a', status: 'completed', fileId: 'f', fileName: 'x.jpg' })).toMatchObject(
    {
      status: 'completed',
      fileName: 'x.jpg',
      downloadUrl: '/api/convert/result/f',
    },
  );
  expect(
    publicJob({
      conversionId: 'a',
      status: 'failed',
      code: 'REQUEST_CANCELLED',
      message: 'The request was cancelled.',
    }),
  ).toMatchObject({ status: 'failed', code: 'REQUEST_CANCELLED', error: 'The request was cancelled.' });
});

it('forgets a record once its results would have expired, counted from its first write', async () => {
  let now = 0;
  const state = new MemoryConversionStateStore(1_000, () => now);
  await state.set({ conversionId: 'a', status: 'queued' });
  now = 900;
  await state.set({ conversionId: 'a', status: 'converting' });
  expect(await state.get('a')).toMatchObject({ status: 'converting' });
  now = 1_000;
  expect(await state.get('a')).toBeUndefined();
  await state.set({ conversionId: 'b', status: 'queued' });
  now = 1_500;
  expect(await state.get('b')).toMatchObject({ status: 'queued' });
});
