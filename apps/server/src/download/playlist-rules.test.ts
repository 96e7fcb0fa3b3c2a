import { describe, expect, it } from 'vitest';
import { decideAutoDownload } from './playlist-rules';

const hours = (h: number) => ({ duration: h * 3600, size: null });
const GB = 1024 ** 3;

describe('playlist auto-download rule', () => {
  it('under 25 items within every cap is auto-downloaded', () => {
    expect(
      decideAutoDownload(
        Array.from({ length: 24 }, () => hours(0.1)),
        'mp4',
      ),
    ).toMatchObject({ isAutoDownloaded: true, reason: null });
  });
  it('25 items or more are listed for selection', () => {
    expect(
      decideAutoDownload(
        Array.from({ length: 25 }, () => hours(0.01)),
        'mp4',
      ).reason,
    ).toBe('25 videos found: choose the ones to download.');
  });
  it('8 hours in total is the limit', () => {
    expect(decideAutoDownload([hours(2.9), hours(2.9), hours(2.2)], 'mp3').isAutoDownloaded).toBe(true);
    expect(decideAutoDownload([hours(2.9), hours(2.9), hours(2.3)], 'mp3').reason).toMatch(
      /longer than 8 hours/,
    );
  });
  it('no single item over 3 hours', () => {
    expect(decideAutoDownload([hours(3)], 'mp3').isAutoDownloaded).toBe(true);
    expect(decideAutoDownload([hours(3.01)], 'mp3').reason).toMatch(/longer than 3 hours/);
  });
  it('10 GB estimated: stated sizes first, else duration at a typical bit rate', () => {
    expect(
      decideAutoDownload(
        [
          { duration: 60, size: 5 * GB },
          { duration: 60, size: 5 * GB },
        ],
        'mp4',
      ).isAutoDownloaded,
    ).toBe(true);
    expect(
      decideAutoDownload(
        [
          { duration: 60, size: 5 * GB },
          { duration: 60, size: 5 * GB + 1 },
        ],
        'mp4',
      ).reason,
    ).toBe('The playlist would be larger than 10 GB.');
    // 7.5 h of 1080p video at 5 Mbit/s is about 15.7 GiB; the same as audio is tiny.
    const long = [hours(2.5), hours(2.5), hours(2.5)];
    expect(decideAutoDownload(long, 'mp4').reason).toBe('The playlist would be larger than 10 GB.');
    expect(decideAutoDownload(long, 'mp3').isAutoDownloaded).toBe(true);
  });
});
