// Builds yt-dlp argument lists. Every job: no config files, no --exec, no cache, the platform's
// extractor allow-list (generic only for offline-test hosts), size and duration limits, machine
// readable progress, and the URL last, after `--`, so it can never be read as an option.
import type { ClipOptions, DownloadFormatName, Quality } from '@grabbit/contracts';
import type { Platform } from '@grabbit/catalog';
import { outputTarget } from '../encode/output-targets';
import { audioKbps, clipArgs } from './sections';

/** Markers in yt-dlp's output that the progress parser looks for. */
export const progressMarker = '@@P ';
export const postprocessMarker = '@@S ';
export const resultMarker = '@@R ';
export const chosenMarker = '@@B ';

const progressFields = 'status,downloaded_bytes,total_bytes,total_bytes_estimate,speed,eta';
/** What a file's tags are written from (download/file-tags.ts). */
const tagFields = 'uploader,channel,artist,creator,upload_date,release_date,webpage_url';
/** The file's facts, and what its tags and chapters are written from. */
const resultFields = `id,title,thumbnail,filepath,ext,duration,width,height,vcodec,acodec,${tagFields},chapters`;
/**
 * What the downloader needs to know of the chosen format before its bytes arrive: a file sent
 * while it is written carries its tags from the start.
 */
const chosenFields = `title,ext,protocol,format_id,container,${tagFields}`;

export interface YtDlpSafety {
  platform: Platform;
  /** The URL's host is one of MEDIA_TEST_HOSTS: the generic extractor may handle it. */
  allowGeneric: boolean;
  maxBytes: number;
  maxDurationSeconds: number;
  /** A Netscape cookie file in the run's private folder (the visitor's own, or the operator's copy). */
  cookiesFile?: string;
  /** The operator's engine settings (access.ts): runtime, impersonation, the ffmpeg guard. Never a proxy. */
  engineArgs?: readonly string[];
  /** Environment the engine settings need (the ffmpeg guard's). */
  engineEnv?: Readonly<Record<string, string>>;
  /** The egress guard's proxy (net/egress-guard.ts): yt-dlp's only way to the network. */
  proxyUrl: string;
}

export interface YtDlpDownloadOptions extends YtDlpSafety, ClipOptions {
  url: string;
  format: DownloadFormatName;
  quality: Quality;
  removeWatermark: boolean;
  /** 1-based item of a multi-media post; otherwise only the linked video is fetched. */
  itemIndex?: number;
  jobDir: string;
  /** The link's info JSON read moments ago (preview): yt-dlp downloads from it without extracting again. */
  infoJsonFile?: string;
  /** Save the video's picture as `cover.<ext>` beside the media (cover art for audio files). */
  writeCover?: boolean;
}

/** The name yt-dlp saves the cover picture under (its extension is the site's). */
export const coverFileBase = 'cover';

/** The arguments shared by every call. */
function baseArgs(safety: YtDlpSafety): string[] {
  // Test hosts only: `generic` reads any page, and it finds <video> tags through `html5`.
  const extractors = [...safety.platform.extractors, ...(safety.allowGeneric ? ['generic', 'html5'] : [])];
  const args = [
    '--ignore-config',
    '--no-exec',
    '--no-cache-dir',
    '--no-color',
    '--use-extractors',
    extractors.join(','),
    // yt-dlp's own downloaders for every protocol (HLS and DASH included) go through the proxy;
    // ffmpeg fetching a playlist itself would follow its segment links without it.
    '--downloader',
    'native',
  ];
  if (safety.cookiesFile) args.push('--cookies', safety.cookiesFile);
  args.push(...(safety.engineArgs ?? []));
  // SponsorBlock is asked by the server and cut by the finishing step (download/sponsor-block.ts):
  // yt-dlp never asks or cuts on its own, whatever the operator's engine arguments say.
  args.push('--no-sponsorblock');
  // Last, because yt-dlp takes the last --proxy it is given: nothing can come around the guard.
  // (The operator's outbound proxy is the guard's upstream, not an argument.)
  args.push('--proxy', safety.proxyUrl);
  return args;
}

/** `-f` selector: video targets take the best video and audio, audio targets the best audio. */
export function formatSelector(
  options: Pick<YtDlpDownloadOptions, 'platform' | 'format' | 'quality' | 'removeWatermark'>,
): string {
  const kind = outputTarget(options.format).kind;
  // A site whose watermarked copies have their own format ids (the catalog's): prefer the clean ones.
  const mark = options.removeWatermark ? options.platform.watermarkFree?.watermarkedFormatId : undefined;
  const clean = mark ? `[format_id!*=${mark}]` : '';
  const height = typeof options.quality === 'number' ? `[height<=${options.quality}]` : '';
  const kbps = audioKbps(options.quality);
  const abr = kbps ? `[abr<=${kbps}]` : '';
  if (kind === 'audio')
    return [...new Set([`ba${abr}${clean}`, `ba${clean}`, `b${clean}`, 'ba', 'b'])].join('/');
  if (kind === 'image' || kind === 'subtitle') return 'b';
  const choices = [
    `bv*${height}${clean}+ba`,
    `b${height}${clean}`,
    `bv*${height}+ba`,
    `b${height}`,
    'bv*+ba',
    'b',
  ];
  return [...new Set(choices)].join('/');
}

export function buildDownloadArgs(options: YtDlpDownloadOptions): string[] {
  const target = outputTarget(options.format);
  const sort = [...target.formatSort];
  if (typeof options.quality === 'number') sort.unshift(`res:${options.quality}`);
  const kbps = audioKbps(options.quality);
  if (kbps && target.kind === 'audio') sort.unshift(`abr:${kbps}`);
  const args = [
    ...baseArgs(options),
    '--newline',
    '--progress',
    '--no-simulate',
    '--no-part',
    '--no-mtime',
    // The picture is fetched through the same guard as the media; it is turned into the cover by
    // our own finishing step (a JPEG square), not by yt-dlp's converter.
    ...(options.writeCover
      ? ['--write-thumbnail', '--output', `thumbnail:${coverFileBase}.%(ext)s`]
      : ['--no-write-thumbnail']),
    '--paths',
    options.jobDir,
    '--output',
    'media.%(ext)s',
    '--format',
    formatSelector(options),
    // Separate video and audio are joined in Matroska, which takes any codec; the finishing step
    // turns it into the asked format, copying streams whenever the codecs allow.
    '--merge-output-format',
    'mkv',
    '--max-filesize',
    String(options.maxBytes),
    '--match-filter',
    `!is_live & duration <=? ${options.maxDurationSeconds}`,
    '--progress-template',
    `download:${progressMarker}%(progress.{${progressFields}})j`,
    '--progress-template',
    `postprocess:${postprocessMarker}%(progress.{status,postprocessor})j`,
    '--print',
    `before_dl:${chosenMarker}%(.{${chosenFields}})j`,
    '--print',
    // Subtitles alone skip the download, and with it the moving step: their facts (the title that
    // names the file) are printed once the video is done with instead.
    `${target.kind === 'subtitle' ? 'after_video' : 'after_move'}:${resultMarker}%(.{${resultFields}})j`,
  ];
  if (sort.length > 0) args.push('--format-sort', sort.join(','));
  args.push(
    ...clipArgs({
      ...options,
      kind: target.kind,
      thumbnailOnly: options.format === 'thumbnail',
      // Transcripts are written from WebVTT by the finishing step.
      subtitleFormat: target.kind === 'subtitle' && target.transcript ? 'vtt' : target.extension,
    }),
  );
  if (options.itemIndex === undefined) args.push('--no-playlist');
  else args.push('--yes-playlist', '--playlist-items', String(options.itemIndex));
  // A cached info JSON is our own yt-dlp's output for this very link, so no URL is passed.
  if (options.infoJsonFile) args.push('--load-info-json', options.infoJsonFile);
  else args.push('--', options.url);
  return args;
}

/**
 * How a link's information is read: `single` is one video, `post` resolves every item of a post
 * (their kinds and sizes are shown), `playlist` lists a playlist's items without resolving them.
 */
export type InfoMode = 'single' | 'post' | 'playlist';

/** Reads a link's information without downloading: one JSON document on stdout. */
export function buildInfoArgs(options: YtDlpSafety & { url: string; mode: InfoMode }): string[] {
  const modeArgs = {
    single: ['--no-playlist'],
    post: ['--yes-playlist'],
    playlist: ['--yes-playlist', '--flat-playlist'],
  };
  return [...baseArgs(options), '--dump-single-json', ...modeArgs[options.mode], '--', options.url];
}
