// Runs one yt-dlp download in a job folder and reports its byte progress; returns the downloaded
// file and what yt-dlp knew about it. Limits: the wall-clock timeout kills the whole process
// group, and a download growing past the size limit is stopped even when the site never said
// its size.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../core/app-error';
import { proxyEnvironment } from '../net/egress-guard';
import { engineEnv } from '../engines/engine-env';
import { runCommand } from '../engines/run-command';
import type { ProbeResult } from '../engines/ffprobe';
import { outputTarget } from '../encode/output-targets';
import { buildDownloadArgs, coverFileBase, type YtDlpDownloadOptions } from './args';
import { runFailures } from './download-failures';
import { skippedByLimit, ytDlpError } from './errors';
import {
  YtDlpOutputParser,
  type ChosenFormat,
  type DownloadProgress,
  type DownloadResultInfo,
} from './progress';

export interface YtDlpRunOptions extends YtDlpDownloadOptions {
  ytDlpPath: string;
  timeoutMs: number;
  signal: AbortSignal;
  onProgress: (progress: DownloadProgress) => void;
  onPostprocess: (name: string) => void;
  /** The format chosen, before its bytes arrive. */
  onChosen?: (format: ChosenFormat) => void;
  /**
   * Started on the media file as soon as yt-dlp prints its result line: the file is final then
   * (every post-processor has run and it has been moved), but yt-dlp still needs about 0.1 s to
   * exit, and ffprobe as long just to start. Running both at once hides one of them.
   */
  probe?: (file: string) => Promise<ProbeResult>;
}

export interface YtDlpRunResult {
  file: string;
  info: DownloadResultInfo;
  /** The probe of `file` started early, when there was one. */
  probe?: Promise<ProbeResult>;
  /** The video's picture, when it was asked and the site had one. */
  cover?: string;
}

/** The picture yt-dlp saved as `cover.<ext>`, if any. */
async function findCover(dir: string): Promise<string | undefined> {
  const names = await readdir(dir).catch(() => []);
  const cover = names.find((name) => name.startsWith(`${coverFileBase}.`));
  return cover ? path.join(dir, cover) : undefined;
}

/** A file yt-dlp names, when it lies directly inside the job folder. */
function inJobFolder(dir: string, reported: string | undefined): string | undefined {
  return reported && path.dirname(path.resolve(reported)) === path.resolve(dir)
    ? path.resolve(reported)
    : undefined;
}

async function findMediaFile(dir: string, reported: string | undefined): Promise<string | undefined> {
  const named = inJobFolder(dir, reported);
  if (named) return named;
  const names = await readdir(dir);
  const media = names.find((name) => name.startsWith('media.') && !name.endsWith('.json'));
  return media ? path.join(dir, media) : undefined;
}

/** Removes the media files a failed run left in the job folder, so the next run starts afresh. */
export async function removePartialMedia(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => []);
  await Promise.all(
    names
      .filter((name) => name.startsWith('media.') && !name.endsWith('.json'))
      .map((name) => rm(path.join(dir, name), { force: true })),
  );
}

export async function runYtDlpDownload(options: YtDlpRunOptions): Promise<YtDlpRunResult> {
  const parsers = { out: new YtDlpOutputParser(), err: new YtDlpOutputParser() };
  const sizeGuard = new AbortController();
  const signal = AbortSignal.any([options.signal, sizeGuard.signal]);
  let info: DownloadResultInfo = { type: 'result' };
  let early: { file: string; probe: Promise<ProbeResult> } | undefined;
  const handle = (events: ReturnType<YtDlpOutputParser['push']>) => {
    for (const event of events) {
      if (event.type === 'result') {
        info = event;
        const file = inJobFolder(options.jobDir, event.filepath);
        if (file && options.probe && !early) {
          early = { file, probe: options.probe(file) };
          // Awaited by the finishing step; a run that fails first must not leave it unhandled.
          early.probe.catch(() => {});
        }
      } else if (event.type === 'chosen') options.onChosen?.(event);
      else if (event.type === 'postprocess') options.onPostprocess(event.postprocessor);
      else if (event.downloadedBytes > options.maxBytes) sizeGuard.abort();
      else options.onProgress(event);
    }
  };
  const result = await runCommand(options.ytDlpPath, buildDownloadArgs(options), {
    cwd: options.jobDir,
    env: engineEnv({ ...proxyEnvironment(options.proxyUrl), ...options.engineEnv }),
    timeoutMs: options.timeoutMs,
    signal,
    onStdout: (chunk) => handle(parsers.out.push(chunk)),
    onStderr: (chunk) => handle(parsers.err.push(chunk)),
  });
  handle([...parsers.out.end(), ...parsers.err.end()]);
  if (result.timedOut) throw runFailures.timedOut();
  if (sizeGuard.signal.aborted)
    throw new AppError('MEDIA_TOO_LARGE', 'This video is larger than the download limit.');
  if (options.signal.aborted) throw runFailures.cancelled();
  const output = `${result.stdout}\n${result.stderr}`;
  if (result.code !== 0) throw ytDlpError(result.stderr);
  const file = await findMediaFile(options.jobDir, info.filepath);
  if (!file) {
    const limit = skippedByLimit(output);
    if (limit) throw new AppError(limit.code, limit.message);
    if (outputTarget(options.format).kind === 'subtitle')
      throw new AppError(
        'SUBTITLES_NOT_FOUND',
        `This video has no subtitles or captions in "${options.subtitles ?? 'en'}". Choose a language the preview lists.`,
      );
    throw new AppError('DOWNLOAD_FAILED', 'Download failed');
  }
  const cover = options.writeCover ? await findCover(options.jobDir) : undefined;
  return { file, info, probe: early?.file === file ? early.probe : undefined, ...(cover ? { cover } : {}) };
}
