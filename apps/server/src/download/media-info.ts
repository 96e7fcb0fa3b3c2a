// What a link really offers, read from yt-dlp's info JSON: the distinct video heights with the
// estimated size of each video format, the audio bit rates, and the subtitle and automatic caption
// languages.
import { downloadFormats } from '@grabbit/catalog';
import {
  subtitleLanguageSchema,
  type MediaAudioBitrate,
  type MediaQuality,
  type MediaSubtitle,
} from '@grabbit/contracts';
import type { DownloadResultInfo, YtDlpInfo } from '../ytdlp';
import { outputTarget } from '../encode/output-targets';

/** The parts of one of yt-dlp's formats the preview reads. */
export interface YtDlpFormat {
  format_id?: string;
  height?: number | null;
  vcodec?: string | null;
  acodec?: string | null;
  abr?: number | null;
  tbr?: number | null;
  filesize?: number | null;
  filesize_approx?: number | null;
}

export interface FullInfo extends YtDlpInfo {
  formats?: YtDlpFormat[];
  uploader?: string;
  channel?: string;
  subtitles?: Record<string, { name?: string }[] | undefined>;
  automatic_captions?: Record<string, { name?: string }[] | undefined>;
  chapters?: DownloadResultInfo['chapters'];
}

const hasVideo = (f: YtDlpFormat) => Boolean(f.height) && f.vcodec !== 'none';
const hasAudio = (f: YtDlpFormat) => f.acodec !== 'none' && f.acodec !== undefined && f.acodec !== null;
const audioOnly = (f: YtDlpFormat) => f.vcodec === 'none' && hasAudio(f);
/** yt-dlp writes codecs as `avc1.64001f`, `vp09.00...`, `mp4a.40.2`: compare by family. */
const codecFamily = (codec: string | null | undefined) =>
  ({
    avc1: 'h264',
    avc3: 'h264',
    hvc1: 'hevc',
    hev1: 'hevc',
    vp09: 'vp9',
    vp9: 'vp9',
    av01: 'av1',
    mp4a: 'aac',
    opus: 'opus',
  })[(codec ?? '').split('.')[0]?.toLowerCase() ?? ''] ?? codec;

/** Bytes: the site's size, its estimate, or the bit rate over the duration. */
export function sizeOf(format: YtDlpFormat, duration: number | undefined): number | null {
  const known = format.filesize ?? format.filesize_approx;
  if (known) return Math.round(known);
  return format.tbr && duration ? Math.round((format.tbr * 1000 * duration) / 8) : null;
}

/** The video formats with their containers (what each takes without a re-encode). */
const videoContainers = downloadFormats.flatMap((name) => {
  const target = outputTarget(name);
  return target.kind === 'video' ? [{ name, container: target.container }] : [];
});

function bestAudio(formats: YtDlpFormat[], codecs: readonly string[]): YtDlpFormat | undefined {
  const audios = formats.filter(audioOnly).sort((a, b) => (b.abr ?? b.tbr ?? 0) - (a.abr ?? a.tbr ?? 0));
  return audios.find((f) => codecs.includes(codecFamily(f.acodec) ?? '')) ?? audios[0];
}

/** One size per video format: the closest codec at this height, plus separate audio when needed. */
function sizesAt(height: number, formats: YtDlpFormat[], duration: number | undefined) {
  const atHeight = formats.filter((f) => hasVideo(f) && f.height === height);
  const sizes: Record<string, number | null> = {};
  for (const { name, container } of videoContainers) {
    const copied = (f: YtDlpFormat) => container.videoCopy?.includes(codecFamily(f.vcodec) ?? '') === true;
    const video = atHeight.find(copied) ?? atHeight.at(-1);
    const videoSize = video ? sizeOf(video, duration) : null;
    const audio = video && !hasAudio(video) ? bestAudio(formats, container.audioCopy) : undefined;
    const audioSize = audio ? sizeOf(audio, duration) : 0;
    sizes[name] = videoSize === null || audioSize === null ? null : videoSize + audioSize;
  }
  return sizes;
}

export function qualitiesOf(info: FullInfo): MediaQuality[] {
  const formats = info.formats ?? [];
  const heights = [...new Set(formats.filter(hasVideo).map((f) => f.height as number))].sort((a, b) => a - b);
  return heights.map((height) => ({
    height,
    quality: `${height}p`,
    sizes: sizesAt(height, formats, info.duration),
  }));
}

export function audioBitratesOf(info: FullInfo): MediaAudioBitrate[] {
  const byKbps = new Map<number, number | null>();
  for (const format of (info.formats ?? []).filter(audioOnly)) {
    const kbps = Math.round(format.abr ?? format.tbr ?? 0);
    if (kbps > 0 && !byKbps.has(kbps)) byKbps.set(kbps, sizeOf(format, info.duration));
  }
  return [...byKbps]
    .sort(([a], [b]) => a - b)
    .map(([kbps, size]) => ({ kbps, quality: `${Math.min(320, Math.max(32, kbps))}k`, size }));
}

/**
 * The languages of a subtitle list that a download request can name (a chat replay is no
 * subtitle; a language the request would refuse is left out rather than offered to fail).
 */
function languagesOf(tracks: FullInfo['subtitles']): MediaSubtitle[] {
  return Object.entries(tracks ?? {})
    .filter(
      ([language, list]) =>
        language !== 'live_chat' &&
        (list?.length ?? 0) > 0 &&
        subtitleLanguageSchema.safeParse(language).success,
    )
    .map(([language, list]) => ({ language, name: list?.[0]?.name ?? null }));
}

export function subtitlesOf(info: FullInfo): MediaSubtitle[] {
  return languagesOf(info.subtitles);
}

/**
 * The automatic captions' languages: the spoken one first (YouTube names it `xx-orig`; the others
 * are machine translations of it), then the rest in the site's order.
 */
export function automaticCaptionsOf(info: FullInfo): MediaSubtitle[] {
  const languages = languagesOf(info.automatic_captions);
  const spoken = (caption: MediaSubtitle) => caption.language.endsWith('-orig');
  return [...languages.filter(spoken), ...languages.filter((caption) => !spoken(caption))];
}
