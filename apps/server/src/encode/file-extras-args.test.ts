// Tags, cover art and chapters of a plan as ffmpeg's inputs and options: the cover and the
// chapter list are inputs 1 and 2 in that order, the options name them, and an FFMETADATA title
// cannot break out of its line.
import { describe, expect, it } from 'vitest';
import { chaptersText, encodeArgs, extraInputs } from './encode-args';
import type { EncodePlan } from './encode-plan';

const song: EncodePlan = {
  without: ['subtitles', 'data'],
  audio: { map: '0:a:0', encoding: { codec: 'libmp3lame', bitRate: '192k' } },
  tags: { title: 'A song', artist: 'Someone' },
  cover: { file: '/job/cover.webp' },
  chapters: [
    { start: 0, end: 2, title: 'One = two; #3\\' },
    { start: 2, end: 4.5, title: 'Two' },
  ],
  muxerOptions: { id3v2_version: '3' },
  muxer: 'mp3',
};

describe('file extras', () => {
  it('the cover, then the chapters, each with its own demuxer', () => {
    expect(extraInputs(song, '/job/ch.txt')).toEqual([
      { file: '/job/cover.webp', demuxer: 'webp_pipe' },
      { file: '/job/ch.txt', demuxer: 'ffmetadata' },
    ]);
    expect(extraInputs({ ...song, cover: { file: '/job/cover.svg' } }, 'c')).toEqual([
      { file: 'c', demuxer: 'ffmetadata' },
    ]);
  });

  it('tags, the cover as a square attached picture, chapters from input 2, the muxer option', () => {
    const args = encodeArgs(song);
    expect(args.join(' ')).toContain('-map_chapters 2 -metadata title=A song -metadata artist=Someone');
    expect(args.join(' ')).toContain('-map 0:a:0 -c:a libmp3lame -b:a 192k -map 1:v:0 -c:v mjpeg');
    expect(args).toContain('attached_pic');
    expect(args.slice(-4)).toEqual(['-id3v2_version', '3', '-f', 'mp3']);
  });

  it('chapters in milliseconds, special characters escaped', () => {
    expect(chaptersText(song)).toBe(
      ';FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=2000\ntitle=One \\= two\\; \\#3\\\\\n' +
        '[CHAPTER]\nTIMEBASE=1/1000\nSTART=2000\nEND=4500\ntitle=Two\n',
    );
  });

  it('a plan without them gives none, and dropped metadata still drops the chapters', () => {
    expect(encodeArgs({ metadata: 'drop', muxer: 'mp4' })).toEqual([
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      '-f',
      'mp4',
    ]);
  });
});
