// Runs one yt-dlp download in a job folder and reports its byte progress; returns the downloaded
// file and what yt-dlp knew about it. Limits: the wall-clock timeout kills the whole process
// group, and a download growing past the size limit is stopped even when the site never said
// its size.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../http/app-error';
import { runCommand } from '../media/run-command';
import { buildDownloadArgs, type YtDlpDownloadOptions } from '../media/ytdlp-args';
import { classifyYtDlpOutput, skippedByLimit } from '../media/ytdlp-errors';
import { YtDlpOutputParser, type DownloadProgress, type DownloadResultInfo } from '../media/ytdlp-progress';

export interface YtDlpRunOptions extends YtDlpDownloadOptions {
  ytDlpPath: string;
  timeoutMs: number;
  signal: AbortSignal;
  onProgress: (progress: DownloadProgress) => void;
  onPostprocess: (name: string) => void;
  /** yt-dlp printed its result: the file is final (after every post-processor and the move), though yt-dlp is still exiting. */
  onResult?: (info: DownloadResultInfo) => void;
}

export interface YtDlpRunResult {
  file: string;
  info: DownloadResultInfo;
}

async function findMediaFile(dir: string, reported: string | undefined): Promise<string | undefined> {
  if (reported && path.dirname(path.resolve(reported)) === path.resolve(dir)) return path.resolve(reported);
  const names = await readdir(dir);
  const media = names.find((name) => name.startsWith('media.') && !name.endsWith('.json'));
  return media ? path.join(dir, media) : undefined;
}

export async function runYtDlpDownload(options: YtDlpRunOptions): Promise<YtDlpRunResult> {
  const parsers = { out: new YtDlpOutputParser(), err: new YtDlpOutputParser() };
  const sizeGuard = new AbortController();
  const signal = AbortSignal.any([options.signal, sizeGuard.signal]);
  let info: DownloadResultInfo = { type: 'result' };
  const handle = (events: ReturnType<YtDlpOutputParser['push']>) => {
    for (const event of events) {
      if (event.type === 'result') {
        info = event;
        options.onResult?.(event);
      }
      else if (event.type === 'postprocess') options.onPostprocess(event.postprocessor);
      else if (event.downloadedBytes > options.maxBytes) sizeGuard.abort();
      else options.onProgress(event);
    }
  };
  const result = await runCommand(options.ytDlpPath, buildDownloadArgs(options), {
    cwd: options.jobDir,
    timeoutMs: options.timeoutMs,
    signal,
    onStdout: (chunk) => handle(parsers.out.push(chunk)),
    onStderr: (chunk) => handle(parsers.err.push(chunk)),
  });
  handle([...parsers.out.end(), ...parsers.err.end()]);
  if (result.timedOut) throw new AppError('DOWNLOAD_TIMEOUT', 'The download took too long and was stopped.', 504);
  if (sizeGuard.signal.aborted) throw new AppError('MEDIA_TOO_LARGE', 'This video is larger than the download limit.', 413);
  if (options.signal.aborted) throw new AppError('DOWNLOAD_FAILED', 'The download was cancelled.', 499);
  const output = `${result.stdout}\n${result.stderr}`;
  if (result.code !== 0) {
    const failure = classifyYtDlpOutput(result.stderr);
    throw new AppError(failure.code, failure.message, failure.statusCode);
  }
  const file = await findMediaFile(options.jobDir, info.filepath);
  if (!file) {
    const limit = skippedByLimit(output);
    if (limit) throw new AppError(limit.code, limit.message, limit.statusCode);
    throw new AppError('DOWNLOAD_FAILED', 'Download failed', 502);
  }
  return { file, info };
}
