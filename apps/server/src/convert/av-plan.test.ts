// The per-stream choice of av-plan.ts: what is copied, what is re-encoded, and the ffmpeg options.
import { describe, expect, it } from 'vitest';
import type { ProbedStream, ProbeResult } from '../media/ffprobe';
import { chooseStreams, planArgs, sameChoice, transcodeChoice } from './av-plan';

function probeOf(...streams: Partial<ProbedStream>[]): ProbeResult {
  return {
    formatName: 'test',
    duration: 5,
    streams: streams.map((s, index) => ({
      index,
      codecType: 'video',
      codecName: 'h264',
      attachedPic: false,
      ...s,
    })),
  };
}

const h264 = { codecType: 'video', codecName: 'h264', width: 1280, height: 720 };
const aac = (channels = 2) => ({ codecType: 'audio', codecName: 'aac', channels });

describe('chooseStreams', () => {
  it('copies H.264/AAC into MP4 and MKV, re-encodes both for WebM', () => {
    const probe = probeOf(h264, aac());
    expect(chooseStreams(probe, 'mp4')).toMatchObject({ copyVideo: true, copyAudio: true, hevcTag: false });
    expect(chooseStreams(probe, 'mkv')).toMatchObject({ copyVideo: true, copyAudio: true });
    expect(sameChoice(chooseStreams(probe, 'webm'), transcodeChoice)).toBe(true);
  });

  it('tags copied HEVC as hvc1 for the MP4 family only', () => {
    const probe = probeOf({ ...h264, codecName: 'hevc' }, aac());
    expect(chooseStreams(probe, 'mov').hevcTag).toBe(true);
    expect(chooseStreams(probe, 'mkv').hevcTag).toBe(false);
  });

  it('looks past cover art to the real picture stream', () => {
    const probe = probeOf({ codecType: 'video', codecName: 'mjpeg', attachedPic: true }, h264, aac());
    expect(chooseStreams(probe, 'mp4').copyVideo).toBe(true);
  });

  it('folds channels only where the container has a limit and the audio is re-encoded', () => {
    expect(chooseStreams(probeOf(h264, aac(6)), 'avi').downmix).toBe(true);
    expect(chooseStreams(probeOf(h264, aac(2)), 'avi').downmix).toBe(false);
    expect(chooseStreams(probeOf(h264, aac(6)), 'mp4')).toMatchObject({ copyAudio: true, downmix: false });
    expect(chooseStreams(probeOf(aac(2)), '3gp')).toMatchObject({ copyAudio: true, downmix: false });
    expect(chooseStreams(probeOf({ codecType: 'audio', codecName: 'mp3', channels: 2 }), 'amr').downmix).toBe(
      true,
    );
  });

  it('copies H.263 into 3GP only at a standard picture size', () => {
    const h263 = (width: number, height: number) => ({
      codecType: 'video',
      codecName: 'h263',
      width,
      height,
    });
    expect(chooseStreams(probeOf(h263(176, 144)), '3gp').copyVideo).toBe(true);
    expect(chooseStreams(probeOf(h263(200, 100)), '3gp').copyVideo).toBe(false);
  });
});

describe('planArgs', () => {
  it('maps the first picture stream and the first audio stream by specifier, both optional', () => {
    const { outputArgs } = planArgs('webm', transcodeChoice);
    expect(outputArgs.join(' ')).toContain('-map 0:V:0? -c:v libvpx-vp9');
    expect(outputArgs.join(' ')).toContain('-map 0:a:0? -c:a libopus');
    expect(outputArgs.slice(-2)).toEqual(['-f', 'webm']);
  });

  it('drops metadata and picture for audio outputs, and downmixes when chosen', () => {
    const { outputArgs, needsAmrEncoder } = planArgs('mp3', { ...transcodeChoice, downmix: true });
    expect(outputArgs).toEqual(expect.arrayContaining(['-map_metadata', '-1', '-vn', '-ac', '2']));
    expect(outputArgs).not.toContain('0:V:0?');
    expect(needsAmrEncoder).toBe(false);
    expect(planArgs('amr', transcodeChoice).needsAmrEncoder).toBe(true);
  });

  it('stream copy with faststart and the hvc1 tag', () => {
    const args = planArgs('mp4', {
      copyVideo: true,
      copyAudio: true,
      downmix: false,
      hevcTag: true,
    }).outputArgs;
    expect(args.join(' ')).toContain(
      '-c:v copy -tag:v hvc1 -map 0:a:0? -c:a copy -movflags +faststart -f mp4',
    );
  });
});
