// The public job carries a download's notice on its file (as its task does), and only a download's.
import { describe, expect, it } from 'vitest';
import { newJobRecord, type JobRecord } from './job-record';
import { publicJobOf } from './public-job';

const done = (kind: 'download' | 'conversion', detail: unknown): JobRecord & { kind: typeof kind } => ({
  ...newJobRecord({ id: 'job-1', kind, owner: 'client', detail }, 0),
  kind,
  status: 'done',
  progress: 100,
});

describe('the public job', () => {
  it("carries a download's notice, as its task does", () => {
    const notice = 'SponsorBlock did not answer: nothing was cut.';
    expect(publicJobOf(done('download', { status: 'completed', notice })).notice).toBe(notice);
  });

  it('has no notice when the download has none, nor from another kind', () => {
    expect(publicJobOf(done('download', { status: 'completed' }))).not.toHaveProperty('notice');
    expect(publicJobOf(done('conversion', { notice: 'x' }))).not.toHaveProperty('notice');
  });
});
