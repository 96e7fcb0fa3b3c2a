// The one place an encode plan becomes ffmpeg's options: each field gives its option, unset
// fields give none, and the passes of a two-pass encode differ only where they must.
import { describe, expect, it } from 'vitest';
import { encodeArgs } from './encode-args';
import type { EncodePlan } from './encode-plan';

const sized: EncodePlan = {
  cut: { start: 1.5 },
  metadata: 'drop',
  without: ['data', 'subtitles'],
  video: {
    map: '0:V:0?',
    encoding: {
      codec: 'libx264',
      rateControl: { bitRate: '600k' },
      frameTiming: 'cfr',
      preset: 'veryfast',
      filters: ['scale=640:-2', 'format=yuv420p'],
    },
  },
  audio: { map: '0:a:0?', encoding: { codec: 'aac', bitRate: '96k', channels: 2 } },
  fastStart: true,
  muxer: 'mp4',
};

describe('encodeArgs', () => {
  it('gives only the muxer for a plan that says nothing else', () => {
    expect(encodeArgs({ muxer: 'wav' })).toEqual(['-f', 'wav']);
  });

  it('gives each set field its option, in the fixed order', () => {
    expect(encodeArgs(sized).join(' ')).toBe(
      '-ss 1.5 -map_metadata -1 -map_chapters -1 -sn -dn -map 0:V:0? -c:v libx264 -b:v 600k ' +
        '-fps_mode cfr -preset veryfast -vf scale=640:-2,format=yuv420p -map 0:a:0? -c:a aac -b:a 96k ' +
        '-ac 2 -movflags +faststart -f mp4',
    );
  });

  it('writes statistics only in a first pass, and the output in the second', () => {
    const first = encodeArgs({ ...sized, pass: { number: 1, logPrefix: '/job/pass' } }).join(' ');
    expect(first).not.toContain('-movflags');
    expect(first.endsWith('-ac 2 -an -pass 1 -passlogfile /job/pass -f null')).toBe(true);
    const second = encodeArgs({ ...sized, pass: { number: 2, logPrefix: '/job/pass' } }).join(' ');
    expect(second.endsWith('-movflags +faststart -f mp4 -pass 2 -passlogfile /job/pass')).toBe(true);
  });

  it('keeps metadata, copies with a tag, and passes an encoder its own options', () => {
    const args = encodeArgs({
      metadata: 'keep',
      video: { encoding: { codec: 'copy', tag: 'hvc1' } },
      audio: { map: '0:a:0', encoding: { codec: 'libvorbis', quality: 5, sampleRate: 44_100 } },
      muxer: 'matroska',
    });
    expect(args.join(' ')).toBe(
      '-map_metadata 0 -map_chapters -1 -c:v copy -tag:v hvc1 -map 0:a:0 -c:a libvorbis -q:a 5 -ar 44100 -f matroska',
    );
    const exr = encodeArgs({
      video: { frames: 1, encoding: { codec: 'exr', encoderOptions: { compression: 'zip1' } } },
      singleImage: true,
      muxer: 'image2',
    });
    expect(exr).toEqual([
      '-frames:v',
      '1',
      '-c:v',
      'exr',
      '-compression',
      'zip1',
      '-update',
      '1',
      '-f',
      'image2',
    ]);
  });
});
