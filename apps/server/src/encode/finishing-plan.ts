// The finishing step's decision, without running anything: from a download's probe, the asked
// format and the visitor's extras (tags, cover, chapters, SponsorBlock's cut), the encode plan
// that copies every stream it can and re-encodes only what must change, or none when the file is
// kept as it is.
import type { DownloadFormatName } from '@grabbit/contracts';
import { AppError } from '../core/app-error';
import { type ProbeResult } from '../engines/ffprobe';
import type { Container } from './containers';
import type { AudioEncoding, Chapter, EncodePlan, Span, VideoEncoding } from './encode-plan';
import { copied } from './encoders';
import { outputTarget, type ContainerTarget, type OutputTarget } from './output-targets';
import { chooseStreams, firstStream } from './stream-choice';
import { applySponsorEdit, cutPlan, type SponsorEdit } from './sponsor-edit';

export interface FinishingExtras {
  /** Keep the subtitle stream yt-dlp embedded, in the codec the container takes. */
  subtitles?: boolean;
  /** An audio bit rate to encode lossy audio at (kbit/s). */
  audioKbps?: number;
  /** The source's tags (title, artist, date, comment), already through the name rule. */
  tags?: Readonly<Record<string, string>>;
  /** The thumbnail yt-dlp saved: cover art of the audio containers that take one. */
  cover?: string;
  /** The site's chapters, for the containers that keep chapters (else the file's own stay). */
  chapters?: readonly Chapter[];
  /** SponsorBlock's segments of the file, to cut out or to write as chapters. */
  sponsor?: SponsorEdit;
}

/** The extras once SponsorBlock's segments are applied: the stretches kept, the chapters written. */
interface EditedExtras extends Omit<FinishingExtras, 'sponsor'> {
  keep?: readonly Span[];
}

/** Applies the segments to the file of this probe (its length bounds them). */
function edited(extras: FinishingExtras, probe: ProbeResult): EditedExtras {
  const { sponsor, ...rest } = extras;
  if (!sponsor) return rest;
  const title = extras.tags?.title ?? '';
  const { keep, chapters } = applySponsorEdit(sponsor, extras.chapters ?? [], probe.duration, title);
  return { ...rest, chapters, ...(keep ? { keep } : {}) };
}

const lossless = new Set(['flac', 'wav']);

const isStill = (probe: ProbeResult) =>
  /image2|_pipe|gif/.test(probe.formatName) && !((probe.duration ?? 0) > 0.5);
/** The link's media cannot become the chosen format: the message says what to choose instead. */
const wrongFormat = (message: string) => new AppError('FORMAT_NOT_AVAILABLE', message);

/** The encode that makes the asked format, or undefined when the file is already right. */
export function finishingPlan(
  probe: ProbeResult,
  target: OutputTarget,
  inputExt: string,
  given: FinishingExtras = {},
): EncodePlan | undefined {
  const { muxer } = target;
  const extras = edited(given, probe);
  if (target.kind === 'audio')
    return withFileExtras(audioPlan(probe, target, inputExt, extras), target, extras, probe);
  if (target.kind === 'video')
    return withFileExtras(videoPlan(probe, target, inputExt, extras), target, extras, probe);
  if (target.kind === 'subtitle') {
    if (inputExt === target.extension) return undefined;
    return { subtitles: { map: '0:s:0', encoding: target.encoding }, muxer };
  }
  // A picture: a still as it is or re-encoded, a clip only as an animated GIF.
  if (!firstStream(probe, 'video'))
    throw wrongFormat('This media has no picture. Choose an audio format instead.');
  if (isStill(probe)) {
    if (inputExt === target.extension || (inputExt === 'jpeg' && target.extension === 'jpg'))
      return undefined;
    return { video: { map: '0:v:0', frames: 1, encoding: target.encoding }, singleImage: true, muxer };
  }
  if (target.extension !== 'gif')
    throw wrongFormat('This link is a video: choose a video format, an audio format or GIF.');
  // An animated GIF of the clip, with its own palette so colours stay true.
  const filterGraph =
    "fps=12,scale='min(480,iw)':-2:flags=lanczos,split[a][b];[a]palettegen[p];[b][p]paletteuse";
  return { without: ['audio'], video: { map: '0:v:0' }, filterGraph, loop: 0, muxer };
}

/**
 * Whether tags, a cover or chapters must be written: then a file already right is copied stream
 * by stream with them (one pass, no re-encode) instead of kept as it is.
 */
const rewrites = (extras: EditedExtras) =>
  Boolean(extras.tags && Object.keys(extras.tags).length) ||
  Boolean(extras.cover) ||
  Boolean(extras.chapters?.length) ||
  Boolean(extras.keep);

/**
 * The plan with the source's tags, the cover (audio containers that take one: the picture joins
 * as an attached stream, so the video kind is no longer left out), the site's chapters, and the
 * stretches kept by a cut.
 */
function withFileExtras(
  planned: EncodePlan | undefined,
  target: ContainerTarget,
  extras: EditedExtras,
  probe: ProbeResult,
): EncodePlan | undefined {
  if (!planned) return planned;
  const plan = extras.keep ? cutPlan(planned, extras.keep, probe) : planned;
  const { container } = target;
  const cover =
    target.kind === 'audio' && container.coverArt && extras.cover ? { file: extras.cover } : undefined;
  const chapters = container.chapters && extras.chapters?.length ? extras.chapters : undefined;
  return {
    ...plan,
    ...(extras.tags ? { tags: extras.tags } : {}),
    ...(container.tagOptions && (extras.tags || cover) ? { muxerOptions: container.tagOptions } : {}),
    ...(cover ? { cover, without: plan.without?.filter((kind) => kind !== 'video') } : {}),
    ...(chapters ? { chapters } : {}),
  };
}

/** The audio encoder of the container, with its channels folded to the container's limit when asked. */
function containerAudio(container: Container, downmix: boolean, encoding = container.audio): AudioEncoding {
  return downmix && container.maxChannels ? { ...encoding, channels: container.maxChannels } : encoding;
}

/** The audio alone, copied when the container takes its codec and no lower bit rate was asked. */
function audioPlan(probe: ProbeResult, target: ContainerTarget, inputExt: string, extras: EditedExtras) {
  const { container } = target;
  const audio = firstStream(probe, 'audio');
  if (!audio) throw wrongFormat('This media has no sound to extract. Choose a video format instead.');
  // An asked bit rate is honoured by re-encoding only when the source is above it.
  const kbps = lossless.has(target.extension) ? undefined : extras.audioKbps;
  const aboveAsked = kbps !== undefined && !((audio.bitRate ?? Infinity) <= kbps * 1050);
  // A cut re-encodes: the stretches are joined on exact samples.
  const choice = chooseStreams(probe, container, { audio: aboveAsked || Boolean(extras.keep) });
  if (choice.copyAudio && inputExt === target.extension && !firstStream(probe, 'video') && !rewrites(extras))
    return undefined;
  const encoding = kbps ? { codec: container.audio.codec, bitRate: `${kbps}k` } : container.audio;
  return {
    without: ['video', 'subtitles', 'data'],
    audio: {
      map: '0:a:0',
      encoding: choice.copyAudio ? copied : containerAudio(container, choice.downmix, encoding),
    },
    fastStart: container.isoMedia,
    muxer: target.muxer,
  } satisfies EncodePlan;
}

/** The first picture and sound, each copied when the container takes its codec. */
function videoPlan(probe: ProbeResult, target: ContainerTarget, inputExt: string, extras: EditedExtras) {
  const { container } = target;
  const cut = Boolean(extras.keep);
  const choice = chooseStreams(probe, container, { video: cut, audio: cut });
  // A stream the file does not have needs nothing.
  const copyVideo = choice.copyVideo || !firstStream(probe, 'video');
  const copyAudio = choice.copyAudio || !firstStream(probe, 'audio');
  const same = copyVideo && copyAudio && inputExt === target.extension && probe.streams.length <= 2;
  if (same && !rewrites(extras)) return undefined;
  const subtitleCodec = extras.subtitles ? container.subtitleCodec : undefined;
  const videoEncoding: VideoEncoding = copyVideo ? { ...copied } : (container.video ?? copied);
  return {
    without: subtitleCodec ? ['data'] : ['subtitles', 'data'],
    video: { map: '0:V:0?', encoding: choice.hevcTag ? { ...videoEncoding, tag: 'hvc1' } : videoEncoding },
    audio: { map: '0:a:0?', encoding: copyAudio ? copied : containerAudio(container, choice.downmix) },
    subtitles: subtitleCodec ? { map: '0:s:0?', encoding: { codec: subtitleCodec } } : undefined,
    fastStart: container.isoMedia,
    muxer: target.muxer,
  } satisfies EncodePlan;
}

/**
 * What the finishing step does with a file: keep it as it is (only move it), move it with the
 * source's tags written into its MP4 index (engines/mp4-tags.ts: no pass through an engine; the
 * plan with the tags is the fallback when the index is not one that can be rewritten there), or
 * run a plan.
 */
export type FinishingStep =
  | { kind: 'keep' }
  | { kind: 'retag'; tags: Readonly<Record<string, string>>; fallback: EncodePlan }
  | { kind: 'encode'; plan: EncodePlan };

/** The containers whose tags the MP4 index rewriter writes as their ffmpeg muxer does. */
const retaggedMuxers = new Set(['mp4', 'ipod']);

export function finishingStep(
  probe: ProbeResult,
  target: OutputTarget,
  inputExt: string,
  extras: FinishingExtras = {},
): FinishingStep {
  const plan = finishingPlan(probe, target, inputExt, extras);
  if (!plan) return { kind: 'keep' };
  const { tags, ...others } = extras;
  const retags =
    tags && target.kind !== 'subtitle' && target.kind !== 'image' && retaggedMuxers.has(target.muxer);
  if (retags && finishingPlan(probe, target, inputExt, others) === undefined)
    return { kind: 'retag', tags, fallback: plan };
  return { kind: 'encode', plan };
}

/**
 * Whether the finishing step would keep a file of this probe and extension (only move it, with
 * its tags written into its MP4 index when asked): the asked container already, with picture and
 * sound it takes. A download sent while it is still written relies on it (download/live-send.ts).
 */
export function keptAsItIs(
  probe: ProbeResult,
  format: DownloadFormatName,
  inputExt: string,
  extras?: FinishingExtras,
): boolean {
  try {
    return finishingStep(probe, outputTarget(format), inputExt, extras).kind !== 'encode';
  } catch {
    return false; // Not media of this kind at all: the finishing step refuses it.
  }
}

/** A re-encode of the first picture and sound into the container, whatever their codecs. */
export function reencodePlan(probe: ProbeResult, target: ContainerTarget): EncodePlan {
  const { container } = target;
  const audio = containerAudio(container, chooseStreams(probe, container).downmix);
  const common = { fastStart: container.isoMedia, muxer: target.muxer };
  if (target.kind === 'audio')
    return { without: ['video', 'subtitles', 'data'], audio: { map: '0:a:0', encoding: audio }, ...common };
  return {
    without: ['subtitles', 'data'],
    video: { map: '0:V:0?', encoding: container.video },
    audio: { map: '0:a:0?', encoding: audio },
    ...common,
  };
}
