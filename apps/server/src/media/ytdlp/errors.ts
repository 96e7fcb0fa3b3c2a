// Maps yt-dlp's output to a stable error code and a message a visitor can act on. Raw yt-dlp text
// never reaches the visitor: it may name paths or internal addresses.
import type { ErrorCode } from '@grabbit/contracts';
import { AppError } from '../../core/app-error';
import { guardRefusalMarker } from './ffmpeg-guard';

export interface YtDlpFailure {
  code: ErrorCode;
  message: string;
}

const rules: { pattern: RegExp; failure: YtDlpFailure }[] = [
  {
    // The ffmpeg guard refused an input (an rtmp:// or other non-http format, a pipe, a bare path).
    pattern: new RegExp(guardRefusalMarker),
    failure: {
      code: 'URL_NOT_ALLOWED',
      message: 'This video is offered only over a kind of link the downloader does not open.',
    },
  },
  {
    pattern: /larger than max-filesize|File is larger than/i,
    failure: {
      code: 'MEDIA_TOO_LARGE',
      message: 'This video is larger than the download limit.',
    },
  },
  {
    pattern: /does not pass filter \(!is_live/i,
    failure: {
      code: 'MEDIA_TOO_LONG',
      message: 'This video is longer than the download limit, or is a live stream.',
    },
  },
  {
    pattern: /does not pass filter/i,
    failure: {
      code: 'MEDIA_TOO_LONG',
      message: 'This video is longer than the download limit.',
    },
  },
  {
    pattern: /No suitable extractor|Unsupported URL/i,
    failure: {
      code: 'UNSUPPORTED_URL',
      message: 'This link is not a supported video page on this downloader.',
    },
  },
  {
    pattern: /HTTP Error 404|not found|does not exist|Video unavailable|has been removed/i,
    failure: {
      code: 'MEDIA_NOT_FOUND',
      message: 'The video could not be found. It may have been removed, or the link is wrong.',
    },
  },
  {
    pattern: /private|login required|log in|sign in|cookies|age.?restricted|confirm your age/i,
    failure: {
      code: 'DOWNLOAD_FAILED',
      message: 'This content is private or needs a login. Only public content can be downloaded.',
    },
  },
  {
    pattern: /Requested format is not available|No video formats found/i,
    failure: {
      code: 'DOWNLOAD_FAILED',
      message: 'No downloadable video was found at this link.',
    },
  },
];

const generic: YtDlpFailure = { code: 'DOWNLOAD_FAILED', message: 'Download failed' };

/** The failure for a finished yt-dlp run's output (stdout and stderr together). */
function classifyYtDlpOutput(output: string): YtDlpFailure {
  return rules.find((rule) => rule.pattern.test(output))?.failure ?? generic;
}

/** yt-dlp's own last `ERROR:` line (for operators only: check-sites; never shown to visitors). */
function engineErrorLine(stderr: string): string | undefined {
  return stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('ERROR:'))
    .at(-1);
}

/** The visitor-facing error for a failed yt-dlp run; yt-dlp's own line is kept as its cause. */
export function ytDlpError(stderr: string): AppError {
  const failure = classifyYtDlpOutput(stderr);
  const error = new AppError(failure.code, failure.message);
  error.cause = engineErrorLine(stderr);
  return error;
}

/** Output that means yt-dlp exited 0 but skipped the media (a limit stopped it). */
export function skippedByLimit(output: string): YtDlpFailure | undefined {
  const failure = classifyYtDlpOutput(output);
  return failure.code === 'MEDIA_TOO_LARGE' || failure.code === 'MEDIA_TOO_LONG' ? failure : undefined;
}
