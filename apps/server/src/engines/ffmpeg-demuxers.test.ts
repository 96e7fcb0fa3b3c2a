// The download list adds single pictures only: no demuxer that reads other files or URLs, and the
// uploads' list stays as it was.
import { describe, expect, it } from 'vitest';
import { downloadDemuxers, pictureDemuxer, safeDemuxers, safeInputArgs } from './ffmpeg-demuxers';

const indirections = ['image2', 'hls', 'concat', 'tee', 'mpjpeg', 'dash', 'ffconcat', 'data'];

describe('demuxer allow-lists', () => {
  it('lets neither uploads nor downloads use a demuxer that opens other files', () => {
    for (const name of indirections) {
      expect(safeDemuxers).not.toContain(name);
      expect(downloadDemuxers).not.toContain(name);
    }
  });

  it('keeps pictures off the upload list and forces a picture demuxer by extension', () => {
    expect(safeInputArgs(undefined, 1)).toContain(safeDemuxers.join(','));
    expect(safeInputArgs(undefined, 1).join(' ')).not.toMatch(/jpeg_pipe/);
    expect(safeInputArgs('jpeg_pipe', 1, downloadDemuxers)).toEqual(
      expect.arrayContaining(['-f', 'jpeg_pipe', downloadDemuxers.join(',')]),
    );
    expect(pictureDemuxer('JPG')).toBe('jpeg_pipe');
    expect(pictureDemuxer('m3u8')).toBeUndefined();
  });
});
