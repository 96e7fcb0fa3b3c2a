// Tags, cover art and chapters of a plan as ffmpeg's inputs and options: the cover and the
// chapter list are inputs 1 and 2 in that order, the options name them, and an FFMETADATA title
// cannot break out of its line.
import { describe, expect, it } from 'vitest';
import { chaptersText, encodeArgs, extraInputs } from './encode-args';
import type { ProbeResult } from '../engines/ffprobe';
import type { EncodePlan } from './encode-plan';
import { finishingPlan, finishingStep, keptAsItIs } from './finishing-plan';
import { outputTarget } from './output-targets';

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

describe('the finishing plan with tags', () => {
  const h264Aac: ProbeResult = {
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    duration: 6,
    streams: [
      { index: 0, codecType: 'video', codecName: 'h264', width: 160, height: 120, attachedPic: false },
      { index: 1, codecType: 'audio', codecName: 'aac', channels: 2, attachedPic: false },
    ],
  };
  const tags = { title: 'T' };

  it('a file already right is kept as it is without tags, copied with them', () => {
    expect(finishingPlan(h264Aac, outputTarget('mp4'), 'mp4')).toBeUndefined();
    expect(finishingPlan(h264Aac, outputTarget('mp4'), 'mp4', { tags })).toMatchObject({
      tags,
      video: { encoding: { codec: 'copy' } },
      audio: { encoding: { codec: 'copy' } },
    });
  });

  it('a cover for MP3, not for MP4; chapters for MP4, not for MP3', () => {
    const chapters = [{ start: 0, end: 6, title: 'All' }];
    const mp3 = finishingPlan(h264Aac, outputTarget('mp3'), 'mp4', { tags, cover: '/c.jpg', chapters });
    expect(mp3).toMatchObject({ cover: { file: '/c.jpg' }, muxerOptions: { id3v2_version: '3' } });
    expect(mp3?.without).not.toContain('video');
    expect(mp3?.chapters).toBeUndefined();
    const mp4 = finishingPlan(h264Aac, outputTarget('mp4'), 'mp4', { cover: '/c.jpg', chapters });
    expect(mp4?.cover).toBeUndefined();
    expect(mp4?.chapters).toEqual(chapters);
  });

  it('tags alone on an MP4 or M4A already right: moved with them written into the index, the copy as fallback', () => {
    const sound: ProbeResult = { ...h264Aac, streams: [{ ...h264Aac.streams[1]!, index: 0 }] };
    for (const [probe, format] of [
      [h264Aac, 'mp4'],
      [sound, 'm4a'],
    ] as const) {
      const step = finishingStep(probe, outputTarget(format), format, { tags });
      expect(step).toMatchObject({ kind: 'retag', tags, fallback: { tags } });
      expect(keptAsItIs(probe, format, format, { tags })).toBe(true);
    }
  });

  it('tags with a cover, chapters, or in a container the index rewriter does not write: a plan', () => {
    const chapters = [{ start: 0, end: 6, title: 'All' }];
    const sound: ProbeResult = { ...h264Aac, streams: [{ ...h264Aac.streams[1]!, index: 0 }] };
    expect(finishingStep(sound, outputTarget('m4a'), 'm4a', { tags, cover: '/c.jpg' }).kind).toBe('encode');
    expect(finishingStep(h264Aac, outputTarget('mp4'), 'mp4', { tags, chapters }).kind).toBe('encode');
    expect(finishingStep(h264Aac, outputTarget('mov'), 'mov', { tags }).kind).toBe('encode');
    expect(keptAsItIs(h264Aac, 'mov', 'mov', { tags })).toBe(false);
  });
});
