// The bit-rate plan of a target size: sound first, the picture with the rest, smaller pictures for
// low rates, rates capped at what the file can use, and impossible targets refused with the
// smallest size that works.
import { converterPages, takesTargetSize, targetSizeMegabyte as MB } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { containerOf, containers } from './containers';
import type { ProbeResult } from '../engines/ffprobe';
import { encodeArgs } from './encode-args';
import type { EncodePlan } from './encode-plan';
import { sizedEncodePlan } from './sized-plan';
import { containerOverheadBytes } from './target-size-codecs';
import {
  planTargetSize,
  retunePlan,
  sizeSourceOf,
  targetAim,
  type SizeSource,
  type TargetSizePlan,
} from './target-size';
import { TargetSizeError } from './target-size-errors';

const sound: SizeSource = { durationSeconds: 120, sound: {} };
const hd: SizeSource = {
  durationSeconds: 60,
  picture: { width: 1280, height: 720, frameRate: 30 },
  sound: {},
};

/** The bytes a plan's rates make, with the container's own. */
function plannedBytes(plan: TargetSizePlan): number {
  const rates = (plan.audio?.bitRate ?? 0) + (plan.video?.bitRate ?? 0);
  return (rates * plan.durationSeconds) / 8 + containerOverheadBytes(plan.muxer, plan.durationSeconds);
}

function refusal(run: () => unknown): TargetSizeError {
  try {
    run();
  } catch (error) {
    if (error instanceof TargetSizeError) return error;
    throw error;
  }
  throw new Error('no refusal');
}

describe('planTargetSize', () => {
  it('gives a sound-only file the whole budget, just under the target', () => {
    const plan = planTargetSize(containers.mp3, sound, 1 * MB);
    expect(plan.video).toBeUndefined();
    expect(plan.audio).toMatchObject({ encoder: 'libmp3lame', bitRate: 65_000 });
    expect(plannedBytes(plan)).toBeLessThanOrEqual(MB * targetAim);
    expect(plannedBytes(plan)).toBeGreaterThan(MB * 0.9);
    expect(plan.capped).toBe(false);
  });

  it('gives sound its share first beside a picture, and brings 720p down to 480 lines at 5 MB a minute', () => {
    const plan = planTargetSize(containers.mp4, hd, 5 * MB);
    expect(plan.audio?.bitRate).toBeGreaterThanOrEqual(64_000);
    expect(plan.audio?.bitRate).toBeLessThanOrEqual(128_000);
    expect(plan.video).toMatchObject({ encoder: 'libx264', shortSide: 480 });
    expect(plannedBytes(plan)).toBeLessThanOrEqual(5 * MB * targetAim);
    expect(plannedBytes(plan)).toBeGreaterThan(5 * MB * 0.9);
  });

  it('keeps the picture and 128 kbit/s sound when the size allows', () => {
    const plan = planTargetSize(containers.mp4, hd, 25 * MB);
    expect(plan.audio?.bitRate).toBe(128_000);
    expect(plan.video?.shortSide).toBeUndefined();
  });

  it('lowers the sound to its codec floor before giving up on a small target', () => {
    const plan = planTargetSize(containers.mp4, { ...hd, picture: { width: 426, height: 240 } }, 0.8 * MB);
    expect(plan.audio?.bitRate).toBe(32_000);
    expect(plan.video?.bitRate).toBeGreaterThanOrEqual(61_000);
  });

  it('stops at what the file can use: a big target gives a smaller, capped plan', () => {
    const plan = planTargetSize(containers.mp3, sound, 50 * MB);
    expect(plan).toMatchObject({ capped: true, audio: { bitRate: 320_000 } });
    const fromLowRate = planTargetSize(
      containers.mp4,
      { ...hd, picture: { width: 1280, height: 720, bitRate: 500_000 } },
      100 * MB,
    );
    expect(fromLowRate).toMatchObject({ capped: true, video: { bitRate: 750_000 } });
  });

  it('refuses an impossible target with the smallest size that works', () => {
    const error = refusal(() => planTargetSize(containers.mp3, sound, 0.2 * MB));
    expect(error).toMatchObject({ problem: 'too-small', durationSeconds: 120 });
    const smallest = error.smallestBytes ?? 0;
    expect(smallest).toBeGreaterThan(0.45 * MB);
    expect(smallest).toBeLessThan(0.55 * MB);
    // Asking the smallest size (rounded up to 0.1 MB, as the message says) succeeds.
    const rounded = (Math.ceil((smallest / MB) * 10) / 10) * MB;
    expect(() => planTargetSize(containers.mp3, sound, rounded)).not.toThrow();
    for (const [container, source] of [
      [containers.webm, hd],
      [containers['3gp'], hd],
      [containers.ogg, sound],
    ] as const) {
      const tooSmall = refusal(() => planTargetSize(container, source, 0.05 * MB));
      const enough = Math.ceil(((tooSmall.smallestBytes ?? 0) / MB) * 10) / 10;
      expect(planTargetSize(container, source, enough * MB).targetBytes).toBe(enough * MB);
    }
  });

  it('refuses outputs without a bit rate and media of unknown length', () => {
    expect(refusal(() => planTargetSize(containers.wav, sound, MB)).problem).toBe('no-bit-rate');
    expect(refusal(() => planTargetSize(containers.flac, sound, MB)).problem).toBe('no-bit-rate');
    const unknown = { ...sound, durationSeconds: undefined };
    expect(refusal(() => planTargetSize(containers.mp3, unknown, MB)).problem).toBe('no-duration');
  });

  it('reads the source from a probe: picture only for video containers, the cut length and resize', () => {
    const probe: ProbeResult = {
      formatName: 'mov',
      duration: 30,
      streams: [
        {
          index: 0,
          codecType: 'video',
          codecName: 'h264',
          width: 1920,
          height: 1080,
          frameRate: 25,
          attachedPic: false,
        },
        { index: 1, codecType: 'audio', codecName: 'aac', bitRate: 96_000, attachedPic: false },
      ],
    };
    expect(sizeSourceOf(probe, containers.mp3)).toEqual({
      durationSeconds: 30,
      picture: undefined,
      sound: { bitRate: 96_000 },
    });
    const cut = sizeSourceOf(probe, containers.mkv, {
      durationSeconds: 10,
      picture: { width: 640, height: 360 },
    });
    expect(cut).toMatchObject({ durationSeconds: 10, picture: { width: 640, height: 360, frameRate: 25 } });
  });
});

describe('retunePlan', () => {
  it('moves the picture rate towards the aim, and gives up at the floor', () => {
    const plan = planTargetSize(containers.mp4, hd, 5 * MB);
    const over = retunePlan(plan, 5.4 * MB);
    expect(over?.video?.bitRate).toBeLessThan(plan.video?.bitRate ?? 0);
    expect(over?.audio).toEqual(plan.audio);
    const under = retunePlan(plan, 4 * MB);
    expect(under?.video?.bitRate).toBeGreaterThan(plan.video?.bitRate ?? 0);
    const floor = planTargetSize(containers.mp3, sound, 0.6 * MB);
    const lowest = { ...floor, audio: { ...floor.audio!, bitRate: 32_000 } };
    expect(retunePlan(lowest, 0.7 * MB)).toBeUndefined();
    // A rate just under its floor (rounding) is never raised for a file that is too big.
    const underFloor = { ...floor, audio: { ...floor.audio!, bitRate: 31_000 } };
    expect(retunePlan(underFloor, 0.7 * MB)).toBeUndefined();
  });
});

describe('sizedEncodePlan', () => {
  const plan = (container: keyof typeof containers, source: SizeSource, mb: number) =>
    planTargetSize(containers[container], source, mb * MB);
  const encodeOf = (name: keyof typeof containers): EncodePlan => {
    const { video, audio, muxer } = containerOf(name);
    return { video: video && { encoding: video }, audio: { encoding: audio }, muxer };
  };
  const sizedArgs = (name: keyof typeof containers, source: SizeSource, mb: number) =>
    encodeArgs(sizedEncodePlan(encodeOf(name), plan(name, source, mb))).join(' ');

  it('puts rates in place of quality settings and scales the picture first', () => {
    const base: EncodePlan = { ...encodeOf('mp4'), fastStart: true };
    const sized = sizedEncodePlan(base, plan('mp4', hd, 5));
    const text = encodeArgs(sized).join(' ');
    expect(text).not.toContain('-crf');
    expect(text).toMatch(/-c:v libx264 -b:v \d+k -fps_mode cfr/);
    expect(text).toMatch(/-vf scale=w='if\(gte\(iw,ih\),-2,min\(iw,480\)\)':h=.*,scale=trunc/);
    expect(text).toMatch(/-c:a aac -b:a \d+k/);
    expect(text).not.toContain('160k');
    const first = encodeArgs({ ...sized, pass: { number: 1, logPrefix: '/job/pass' } }).join(' ');
    expect(first).not.toContain('movflags');
    expect(first).toMatch(/-an -pass 1 -passlogfile \/job\/pass -f null$/);
    expect(encodeArgs({ ...sized, pass: { number: 2, logPrefix: '/job/pass' } }).join(' ')).toMatch(
      /-f mp4 -pass 2 -passlogfile \/job\/pass$/,
    );
    const copy: EncodePlan = { ...base, video: { encoding: { codec: 'copy' } } };
    expect(() => sizedEncodePlan(copy, plan('mp4', hd, 5))).toThrow(/needs video encoder libx264/);
  });

  it('holds each encoder to its rate: VP9 good deadline, Opus and Vorbis constant, MP3 steps', () => {
    const webm = sizedArgs('webm', hd, 20);
    expect(webm).toMatch(/-c:v libvpx-vp9 -deadline good -cpu-used 5 -b:v \d+k -fps_mode vfr -row-mt 1/);
    expect(webm).not.toContain('realtime');
    expect(webm).toMatch(/-c:a libopus -vbr off -b:a \d+k/);
    const ogg = sizedArgs('ogg', sound, 1);
    expect(ogg).toMatch(/-c:a libvorbis -b:a (\d+k) -minrate \1 -maxrate \1/);
    expect(ogg).not.toContain('-q:a');
    expect(sizedArgs('mp3', sound, 1)).toBe('-c:a libmp3lame -b:a 64k -f mp3');
    expect(sizedArgs('mp3', sound, 1.2)).toMatch(/-abr 1 -b:a 7\dk/);
  });
});

describe('the catalog and the encoders agree', () => {
  it('every audio and video output the catalog sizes can be planned, every other is refused', () => {
    const outputs = new Set(converterPages.filter((p) => p.kind !== 'image').flatMap((p) => p.outputs));
    for (const output of outputs) {
      const container = containerOf(output);
      const source = container.videoCopy ? hd : sound;
      const planned = () => planTargetSize(container, source, 50 * MB);
      if (takesTargetSize(output)) expect(planned, output).not.toThrow();
      else expect(refusal(planned).problem, output).toBe('no-bit-rate');
    }
  });
});
