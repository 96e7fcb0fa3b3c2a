// One site's health for operators (`npm run check-sites`): its check link through the real
// download path (link rules, short-link resolution, the operator's engine settings, yt-dlp with
// the platform's extractor allow-list and limits) into a scratch job folder, then ffprobe on
// what arrived. The result keeps yt-dlp's own error line, which visitors never see. A check may be
// pinned to one of the operator's sessions or routes, so each is seen on its own.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Platform } from '@grabbit/catalog';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import { download, type PinnedAccess } from '../ytdlp';
import { probeDownload } from './finalize';
import { makeJobFolder, removeJobFolder } from './job-folder';
import { checkLink } from './link-check';

export interface SiteCheckResult {
  platform: Platform;
  link: string;
  /** The session or route the check used, named without a secret ('-' for none pinned). */
  access: string;
  ok: boolean;
  seconds: number;
  /** "mp4 640x360" (container and frame size), when something arrived. */
  format?: string;
  bytes?: number;
  /** yt-dlp's ERROR line, else the visitor-facing message. */
  error?: string;
}

export async function checkSite(
  config: Config,
  platform: Platform,
  link: string,
  options: { jobsRoot: string; timeoutMs: number; pinned?: PinnedAccess },
): Promise<SiteCheckResult> {
  const access = options.pinned?.label ?? '-';
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 100) / 10;
  const dir = await makeJobFolder(options.jobsRoot);
  try {
    const signal = new AbortController().signal;
    const checked = await checkLink(link, platform, {
      testHosts: config.MEDIA_TEST_HOSTS,
      maxDurationSeconds: config.DOWNLOAD_MAX_DURATION_SECONDS,
    });
    const { file, info } = await download(
      config,
      { url: checked.url, platform, allowGeneric: checked.isTestHost },
      // Small and quick: the point is whether the site works, not the best copy.
      { format: 'mp4', quality: 360, removeWatermark: false },
      dir,
      () => {},
      {
        signal,
        timeoutMs: options.timeoutMs,
        maxDurationSeconds: checked.duration.seconds,
        onPostprocess: () => {},
        ...(options.pinned ? { pinned: options.pinned } : {}),
      },
    );
    // Only readable media counts as working (probeDownload throws otherwise); the frame size is
    // what arrived, which yt-dlp does not always know beforehand.
    const context = { workDir: dir, signal, deadline: Date.now() + 30_000 };
    const probe = await probeDownload(config, file, context);
    const video = probe.streams.find((s) => s.width && s.height);
    const container = info.ext ?? path.extname(file).slice(1);
    const format = video ? `${container} ${video.width}x${video.height}` : container;
    return { platform, link, access, ok: true, seconds: seconds(), format, bytes: (await stat(file)).size };
  } catch (error) {
    const engineLine = error instanceof AppError && typeof error.cause === 'string' ? error.cause : undefined;
    const message = error instanceof Error ? error.message : String(error);
    return { platform, link, access, ok: false, seconds: seconds(), error: engineLine ?? message };
  } finally {
    await removeJobFolder(dir);
  }
}
