// The bit rates that make a file of a given length land just under a target size. Pure: the
// converter and the downloader plan with it (and refuse an impossible target) before any encode;
// two-pass.ts encodes with the plan.
//
// The rule: the bits the target allows per second of media, less the container's own bytes, with
// a small margin for the encoders' rate error; sound gets its share first (128 kbit/s beside a
// picture, less when the size is small, never under the codec's lowest sensible rate; all of it
// for a sound-only file); the picture gets the rest, and is made smaller (down to 240 lines) when
// the rate is too low for its size. Rates never go above what the source or the codec can use, so
// a target larger than the file needs gives a smaller file.
import type { Container } from './containers';
import type { ProbeResult } from '../engines/ffprobe';
import { firstStream } from './stream-choice';
import {
  audioRateRules,
  containerOverheadBytes,
  videoRateRules,
  type AudioRateRule,
  type VideoRateRule,
} from './target-size-codecs';
import { TargetSizeError } from './target-size-errors';

/** The share of the target the plan aims at: encoders land a few percent either side of a rate. */
export const targetAim = 0.95;
/** Below this share of the target, a file that could use more is encoded again at a higher rate. */
export const lowestShare = 0.9;

/** Sound's rate beside a picture when the size allows it, and its share of a small budget. */
const soundBesidePicture = { rate: 128_000, share: 0.12 };
/** Shorter sides (lines) a picture is brought down to when the rate is too low for its size. */
const pictureSteps = [2160, 1440, 1080, 720, 540, 480, 360, 240];
const defaultFrameRate = 30;
/** Above this many bits per pixel per frame an encode gains nothing visible (a normal encode's size). */
const highestBpp = 0.2;
/** A re-encode never needs much more than the source's own rate. */
const sourceRateFactor = 1.5;

export interface SizeSource {
  /** Seconds of the output (a cut's length when there is one); undefined when unknown. */
  durationSeconds: number | undefined;
  /** The output's picture before any target-size scaling; absent when the output has none. */
  picture?: { width: number; height: number; frameRate?: number; bitRate?: number };
  /** Present when the output has sound. */
  sound?: { bitRate?: number };
}

export interface StreamRate {
  encoder: string;
  /** Bits per second. */
  bitRate: number;
  /** The range another try may move the rate in: the lowest sensible rate, the highest useful one. */
  lowest: number;
  highest: number;
}

export interface TargetSizePlan {
  targetBytes: number;
  durationSeconds: number;
  muxer: string;
  audio?: StreamRate;
  /** `shortSide`: lines to scale the picture's shorter side down to; absent keeps the size. */
  video?: StreamRate & { shortSide?: number };
  /** The rates stop below the target: the file needs less (it may land under 90% of the target). */
  capped: boolean;
}

/** What the output will hold, from a probe of the input and the output container. */
export function sizeSourceOf(
  probe: ProbeResult,
  container: Container,
  overrides: { durationSeconds?: number; picture?: { width: number; height: number } } = {},
): SizeSource {
  const video = container.videoCopy ? firstStream(probe, 'video') : undefined;
  const audio = firstStream(probe, 'audio');
  const width = overrides.picture?.width ?? video?.width;
  const height = overrides.picture?.height ?? video?.height;
  return {
    durationSeconds: overrides.durationSeconds ?? probe.duration,
    picture:
      video && width && height
        ? { width, height, frameRate: video.frameRate, bitRate: video.bitRate }
        : undefined,
    sound: audio && { bitRate: audio.bitRate },
  };
}

interface PictureRule {
  rule: VideoRateRule;
  encoder: string;
  width: number;
  height: number;
  frameRate: number;
  /** Pixels per second at `shortSide` lines. */
  pixelRate: (shortSide: number) => number;
  shortSide: number;
  smallest: number;
}

function pictureRule(container: Container, source: SizeSource): PictureRule | undefined {
  if (!source.picture || !container.video) return undefined;
  const encoder = container.video.codec;
  const rule = videoRateRules[encoder];
  if (!rule) return undefined;
  const { width, height } = rule.fixedPicture ?? source.picture;
  const frameRate = Math.min(60, Math.max(10, source.picture.frameRate ?? defaultFrameRate));
  const shortSide = Math.min(width, height);
  const smallest = rule.fixedPicture ? shortSide : Math.min(shortSide, pictureSteps.at(-1) ?? shortSide);
  const pixelRate = (side: number) => width * height * (side / shortSide) ** 2 * frameRate;
  return { rule, encoder, width, height, frameRate, pixelRate, shortSide, smallest };
}

/** The largest picture step the rate serves well; the smallest step otherwise. */
function pictureSide(picture: PictureRule, rate: number): number {
  if (picture.rule.fixedPicture) return picture.shortSide;
  const steps = [picture.shortSide, ...pictureSteps.filter((side) => side < picture.shortSide)];
  return (
    steps.find(
      (side) => side >= picture.smallest && rate >= picture.rule.goodBpp * picture.pixelRate(side),
    ) ?? picture.smallest
  );
}

function soundRule(container: Container, source: SizeSource): [string, AudioRateRule] | undefined {
  if (!source.sound) return undefined;
  const encoder = container.audio.codec;
  const rule = audioRateRules[encoder];
  return rule && [encoder, rule];
}

/** Rates are whole kbit/s, as ffmpeg's options take them. */
const roundDown = (rate: number) => Math.floor(rate / 1000) * 1000;

const ceiling = (codecMax: number, floor: number, sourceRate?: number) =>
  Math.max(floor, sourceRate ? Math.min(codecMax, sourceRate * sourceRateFactor) : codecMax);

/** Plans the rates for `targetBytes`; throws TargetSizeError when no plan can meet it. */
export function planTargetSize(
  container: Container,
  source: SizeSource,
  targetBytes: number,
): TargetSizePlan {
  const duration = source.durationSeconds;
  if (!duration || duration <= 0) throw new TargetSizeError('no-duration', targetBytes);
  const picture = pictureRule(container, source);
  const sound = soundRule(container, source);
  if ((source.picture && container.video && !picture) || (source.sound && !sound)) {
    throw new TargetSizeError('no-bit-rate', targetBytes);
  }
  const overhead = containerOverheadBytes(container.muxer, duration);
  const budget = ((targetBytes * targetAim - overhead) * 8) / duration;
  const minAudio = sound?.[1].min ?? 0;
  const minVideo = picture ? picture.rule.minBpp * picture.pixelRate(picture.smallest) : 0;
  if (budget < minAudio + minVideo) {
    const smallest = (((minAudio + minVideo) * duration) / 8 + overhead) / targetAim;
    throw new TargetSizeError('too-small', targetBytes, Math.ceil(smallest), duration);
  }
  let capped = false;
  let audio: StreamRate | undefined;
  if (sound) {
    const [encoder, rule] = sound;
    const top = ceiling(rule.max, rule.min, source.sound?.bitRate);
    const wanted = picture
      ? Math.min(soundBesidePicture.rate, budget * soundBesidePicture.share, budget - minVideo)
      : budget;
    capped = !picture && wanted > top;
    const bitRate = roundDown(Math.min(top, Math.max(rule.min, wanted)));
    audio = { encoder, bitRate, lowest: rule.min, highest: top };
  }
  let video: TargetSizePlan['video'];
  if (picture) {
    const top = ceiling(highestBpp * picture.pixelRate(picture.shortSide), minVideo, source.picture?.bitRate);
    const rest = budget - (audio?.bitRate ?? 0);
    capped = rest > top;
    const bitRate = roundDown(Math.min(rest, top));
    const side = pictureSide(picture, bitRate);
    const shortSide = side < picture.shortSide ? side : undefined;
    video = { encoder: picture.encoder, bitRate, lowest: minVideo, highest: top, shortSide };
  }
  return { targetBytes, durationSeconds: duration, muxer: container.muxer, audio, video, capped };
}

/**
 * The plan for another try after a file of `bytes`: the rate of the stream that takes the rest
 * (the picture, or the sound alone) scaled so the file lands at the aim; undefined when that rate
 * cannot move (already at its lowest or highest).
 */
export function retunePlan(plan: TargetSizePlan, bytes: number): TargetSizePlan | undefined {
  const elastic = plan.video ?? plan.audio;
  if (!elastic) return undefined;
  const fixed =
    containerOverheadBytes(plan.muxer, plan.durationSeconds) +
    (plan.video && plan.audio ? (plan.audio.bitRate * plan.durationSeconds) / 8 : 0);
  const wanted = plan.targetBytes * targetAim - fixed;
  const made = Math.max(1, bytes - fixed);
  const scaled = roundDown((elastic.bitRate * wanted) / made);
  const bitRate = Math.min(elastic.highest, Math.max(Math.ceil(elastic.lowest / 1000) * 1000, scaled));
  // Held at its range's end, or pushed the other way by it: no try would do better.
  if ((bitRate - elastic.bitRate) * (scaled - elastic.bitRate) <= 0) return undefined;
  return plan.video
    ? { ...plan, video: { ...plan.video, bitRate } }
    : { ...plan, audio: { ...elastic, bitRate } };
}
