import { expect, it } from 'vitest';
import { AppError } from '../core/app-error';
import { newJobRecord } from '../jobs/job-record';
import { JobRecords } from '../jobs/job-records';
import { MemoryJobRecordStore } from '../jobs/memory-job-records';
import { InProcessEventBus } from '../realtime/event-bus';
import { conversionRecord, endConversion, publicJob, type ConversionRecord } from './conversion-record';

const queued = (): ConversionRecord => newJobRecord({ id: 'a', kind: 'conversion', owner: 'c', detail: {} });

it('shows a queued conversion as converting, and an end with its link or its error', () => {
  expect(publicJob(queued())).toEqual({ jobId: 'a', status: 'converting', statusUrl: '/api/convert/jobs/a' });
  const done: ConversionRecord = { ...queued(), status: 'done', result: 'f', detail: { fileName: 'x.jpg' } };
  expect(publicJob(done)).toMatchObject({
    status: 'completed',
    fileName: 'x.jpg',
    downloadUrl: '/api/convert/result/f',
  });
  const cancelled: ConversionRecord = {
    ...queued(),
    status: 'cancelled',
    errorCode: 'REQUEST_CANCELLED',
    error: 'The request was cancelled.',
  };
  expect(publicJob(cancelled)).toMatchObject({
    status: 'failed',
    code: 'REQUEST_CANCELLED',
    error: 'The request was cancelled.',
  });
});

it('records the first end only, and a cancel as cancelled', async () => {
  const records = new JobRecords(new MemoryJobRecordStore(60_000, 60_000), new InProcessEventBus());
  await records.create(queued());
  await endConversion(records, 'a', { failure: new AppError('REQUEST_CANCELLED', 'gone') });
  await endConversion(records, 'a', {
    fileId: 'f',
    fileName: 'x.jpg',
    bytes: 1,
    expiresAt: Date.now() + 60_000,
  });
  expect(await conversionRecord(records, 'a')).toMatchObject({
    status: 'cancelled',
    errorCode: 'REQUEST_CANCELLED',
  });
  expect(await records.slotsHeld('c')).toBe(0);
});
