import { describe, expect, it } from 'vitest';
import { YtDlpOutputParser } from './progress';

describe('yt-dlp progress parser', () => {
  it('reads progress split across chunks, post-processing without newlines, and the result', () => {
    const parser = new YtDlpOutputParser();
    const first = parser.push(
      '[generic] x: Downloading\n@@P {"status": "downloading", "downloaded_bytes": 512, "total_b',
    );
    expect(first).toEqual([]);
    const events = parser.push(
      'ytes": 1024, "speed": 100.5, "eta": 5}\n@@S {"status": "started", "postprocessor": "Merger"}@@R {"title": "Clip", "filepath": "/j/media.mkv"}',
    );
    expect(events).toEqual([
      {
        type: 'download',
        downloadedBytes: 512,
        totalBytes: 1024,
        exactTotalBytes: 1024,
        percent: 50,
        speed: 100.5,
        eta: 5,
        finished: false,
      },
      { type: 'postprocess', postprocessor: 'Merger', finished: false },
    ]);
    expect(parser.end()).toEqual([{ type: 'result', title: 'Clip', filepath: '/j/media.mkv' }]);
  });

  it('reads the chosen format printed before the download', () => {
    const parser = new YtDlpOutputParser();
    const events = parser.push(
      '@@B {"title": "Clip", "ext": "mp4", "protocol": "https", "format_id": "18"}@@P {"downloaded_bytes": 1}\n',
    );
    expect(events[0]).toEqual({
      type: 'chosen',
      title: 'Clip',
      ext: 'mp4',
      protocol: 'https',
      format_id: '18',
    });
    expect(events[1]).toMatchObject({ type: 'download', downloadedBytes: 1 });
  });

  it('uses the estimate when the size is unknown, and null without either', () => {
    const parser = new YtDlpOutputParser();
    const [estimated, unknown] = parser.push(
      '@@P {"downloaded_bytes": 10, "total_bytes_estimate": 40.0}\n@@P {"downloaded_bytes": 10, "speed": null}\n',
    );
    // An estimate shows progress but is never taken for the announced size.
    expect(estimated).toMatchObject({ percent: 25, totalBytes: 40, exactTotalBytes: null });
    expect(unknown).toMatchObject({ percent: null, totalBytes: null, speed: null });
  });
});
