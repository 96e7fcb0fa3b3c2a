// The per-stream choice of av-plan.ts: what is copied, what is re-encoded, and the ffmpeg options.
import { describe, expect, it } from 'vitest';
import type { ProbedStream, ProbeResult } from '../engines/ffprobe';
import { chooseStreams, needsSoundDetails, planEncode, sameChoice, transcodeChoice } from './av-plan';

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

describe('planEncode', () => {
  it('maps the first picture stream and the first audio stream by specifier, both optional', () => {
    const { encode } = planEncode('webm', transcodeChoice);
    expect(encode.video).toMatchObject({ map: '0:V:0?', encoding: { codec: 'libvpx-vp9' } });
    expect(encode.audio).toMatchObject({ map: '0:a:0?', encoding: { codec: 'libopus' } });
    expect(encode.muxer).toBe('webm');
  });

  it('drops metadata and picture for audio outputs, and downmixes when chosen', () => {
    const { encode, needsAmrEncoder } = planEncode('mp3', { ...transcodeChoice, downmix: true });
    expect(encode).toMatchObject({ metadata: 'drop', audio: { encoding: { channels: 2 } } });
    expect(encode.without).toContain('video');
    expect(encode.video).toBeUndefined();
    expect(needsAmrEncoder).toBe(false);
    expect(planEncode('amr', transcodeChoice).needsAmrEncoder).toBe(true);
  });

  it('stream copy with faststart and the hvc1 tag', () => {
    const { encode } = planEncode('mp4', {
      copyVideo: true,
      copyAudio: true,
      downmix: false,
      hevcTag: true,
    });
    expect(encode).toMatchObject({
      video: { encoding: { codec: 'copy', tag: 'hvc1' } },
      audio: { encoding: { codec: 'copy' } },
      fastStart: true,
      muxer: 'mp4',
    });
  });
});

describe('needsSoundDetails', () => {
  it('asks for channels and rate only where a downmix or a PCM size hangs on them', () => {
    expect(['webm', 'mp4', 'mkv', 'mov', 'ogg', 'flac', 'm4a'].filter(needsSoundDetails)).toEqual([]);
    expect(['mp3', 'avi', 'flv', '3gp', 'wav', 'aiff', 'amr'].every(needsSoundDetails)).toBe(true);
  });
});
