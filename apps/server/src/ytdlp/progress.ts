// Turns yt-dlp's output (as it streams in) into progress events. The templates in args.ts
// print one JSON object after a marker; post-processor lines may arrive without a newline, so the
// text is split at markers as well as at line ends.
import { chosenMarker, postprocessMarker, progressMarker, resultMarker } from './args';

export interface DownloadProgress {
  type: 'download';
  downloadedBytes: number;
  totalBytes: number | null;
  /** The size the site announced for the file (its Content-Length), when it did: never a guess. */
  exactTotalBytes: number | null;
  /** 0-100 of this file, when the size is known. */
  percent: number | null;
  speed: number | null;
  eta: number | null;
  finished: boolean;
}

export interface PostprocessProgress {
  type: 'postprocess';
  postprocessor: string;
  finished: boolean;
}

export interface DownloadResultInfo {
  type: 'result';
  id?: string;
  title?: string;
  thumbnail?: string;
  filepath?: string;
  ext?: string;
  duration?: number;
  width?: number;
  height?: number;
  uploader?: string | null;
  channel?: string | null;
  artist?: string | null;
  creator?: string | null;
  /** YYYYMMDD. */
  upload_date?: string | null;
  release_date?: string | null;
  webpage_url?: string | null;
  /** The site's chapters (seconds). */
  chapters?: { start_time?: number; end_time?: number; title?: string }[] | null;
}

/** The facts a file's tags are written from. */
export type TagSource = Pick<
  DownloadResultInfo,
  'title' | 'uploader' | 'channel' | 'artist' | 'creator' | 'upload_date' | 'release_date' | 'webpage_url'
>;

/** The format yt-dlp chose, printed before it downloads (a merge has "+" in its id and protocol). */
export interface ChosenFormat extends TagSource {
  type: 'chosen';
  title?: string;
  ext?: string;
  protocol?: string;
  format_id?: string;
  /** Set for formats yt-dlp fixes up after the download (DASH pieces: m4a_dash, mp4_dash, ...). */
  container?: string;
}

export type YtDlpEvent = DownloadProgress | PostprocessProgress | DownloadResultInfo | ChosenFormat;

const markers = [progressMarker, postprocessMarker, resultMarker, chosenMarker];
// Every marker is "@@" plus one letter and a space (see args.ts).
const splitPattern = /\n|(?=@@[PSRB] )/;

const finiteOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function parseRecord(line: string): YtDlpEvent | undefined {
  const marker = markers.find((m) => line.startsWith(m));
  if (!marker) return undefined;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(line.slice(marker.length)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (marker === resultMarker) return { type: 'result', ...data } as DownloadResultInfo;
  if (marker === chosenMarker) return { type: 'chosen', ...data } as ChosenFormat;
  if (marker === postprocessMarker) {
    return {
      type: 'postprocess',
      postprocessor: String(data.postprocessor ?? ''),
      finished: data.status === 'finished',
    };
  }
  const downloadedBytes = finiteOrNull(data.downloaded_bytes) ?? 0;
  const totalBytes = finiteOrNull(data.total_bytes) ?? finiteOrNull(data.total_bytes_estimate);
  const finished = data.status === 'finished';
  const percent = finished ? 100 : totalBytes ? Math.min(100, (downloadedBytes / totalBytes) * 100) : null;
  return {
    type: 'download',
    downloadedBytes,
    totalBytes,
    exactTotalBytes: finiteOrNull(data.total_bytes),
    percent,
    speed: finiteOrNull(data.speed),
    eta: finiteOrNull(data.eta),
    finished,
  };
}

/** Feed it chunks of stdout or stderr (one parser per stream); it returns the complete records. */
export class YtDlpOutputParser {
  private pending = '';

  push(chunk: string): YtDlpEvent[] {
    const parts = (this.pending + chunk).split(splitPattern);
    // The last part may be a record cut in half: keep it for the next chunk.
    this.pending = parts.pop() ?? '';
    return parts
      .map((part) => parseRecord(part.trim()))
      .filter((event): event is YtDlpEvent => event !== undefined);
  }

  /** The rest once the stream has ended. */
  end(): YtDlpEvent[] {
    const rest = parseRecord(this.pending.trim());
    this.pending = '';
    return rest ? [rest] : [];
  }
}
