// Maps yt-dlp's output to a stable error code and a message a visitor can act on. Raw yt-dlp text
// never reaches the visitor: it may name paths or internal addresses. Only yt-dlp's own `ERROR:`
// lines (and the ffmpeg guard's refusal) are classified: a crash prints a Python traceback whose
// source lines name cookies, logins and files, and reading those as the site's answer would blame
// the visitor's link for the engine's failure.
import type { ErrorCode } from '@grabbit/contracts';
import { AppError } from '../core/app-error';
import { redactSecrets } from '../core/redact';
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

/** The lines of a run's standard error that yt-dlp (or the ffmpeg guard) wrote as its verdict. */
function verdictLines(stderr: string): string[] {
  return stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('ERROR:') || line.includes(guardRefusalMarker));
}

/** How many of an engine's last lines the operator's log gets when it failed unexpectedly. */
const crashLinesLogged = 12;

/** A run that ended without a verdict of its own (a traceback, a crash): the operator must look. */
function engineFailed(stderr: string): AppError {
  const error = new AppError(
    'ENGINE_FAILED',
    'The download engine failed unexpectedly; the operator has been told.',
  );
  const lastLines = stderr.trimEnd().split('\n').slice(-crashLinesLogged).join('\n');
  error.cause = redactSecrets(lastLines || 'no output');
  return error;
}

/**
 * The visitor-facing error for a failed yt-dlp run; yt-dlp's own last `ERROR:` line is kept as its
 * cause (for operators only: the log and check-sites; never shown to visitors).
 */
export function ytDlpError(stderr: string): AppError {
  const lines = verdictLines(stderr);
  if (lines.length === 0) return engineFailed(stderr);
  const failure = classifyYtDlpOutput(lines.join('\n'));
  const error = new AppError(failure.code, failure.message);
  error.cause = lines.filter((line) => line.startsWith('ERROR:')).at(-1) ?? lines.at(-1);
  return error;
}

/** Output that means yt-dlp exited 0 but skipped the media (a limit stopped it). */
export function skippedByLimit(output: string): YtDlpFailure | undefined {
  const failure = classifyYtDlpOutput(output);
  return failure.code === 'MEDIA_TOO_LARGE' || failure.code === 'MEDIA_TOO_LONG' ? failure : undefined;
}
