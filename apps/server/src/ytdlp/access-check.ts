// The evidence a session or route is rested on: the platform's check link (the catalog's, or the
// operator's ACCESS_CHECK_LINK_<PLATFORM>), a link the operator trusts, read with the same session
// and route that a visitor's link just failed with. Only when the site refuses that link too is the
// session or route to blame; otherwise the visitor's link failed on its own. How often one client's
// failures may have a check run (ACCESS_CHECKS_PER_CLIENT_HOUR) is counted in the shared ledger, so
// no client, however many links it makes up, rests more than a few sessions or routes an hour.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Platform } from '@grabbit/catalog';
import type { Config } from '../config/env';
import { AppError } from '../core/app-error';
import { isTestHost } from '../net/addresses';
import { behindEgressGuard } from '../net/egress-guard';
import { blameOf, siteWords, type AccessBlame } from './access-failures';
import { accessPoolsFor } from './access-pools';
import { privateRoot, ytDlpAccess, type YtDlpAccess } from './access';
import { readYtDlpInfo } from './info';

/** Whom yt-dlp's `ERROR:` line of a failure blames, read without the link that was asked for. */
export function blameOfFailure(error: unknown, link: string): AccessBlame | undefined {
  const line = error instanceof AppError && typeof error.cause === 'string' ? error.cause : undefined;
  return line ? blameOf(siteWords(line, link)) : undefined;
}

/** One more check for `client` this hour, counted now; false once it has had its share. */
export async function checkAllowed(config: Config, client: string | undefined): Promise<boolean> {
  const key = `access-check:${client ?? '-'}`;
  const picked = await accessPoolsFor(config).ledger.pick([key], {
    budget: config.ACCESS_CHECKS_PER_CLIENT_HOUR,
  });
  return picked === key;
}

/**
 * Reads the platform's check link with `used` (the same session and route): undefined when it
 * worked, else whom its failure blames (a content failure there rests nothing either).
 */
export async function checkWithSame(
  config: Config,
  platform: Platform,
  used: YtDlpAccess['used'],
): Promise<AccessBlame | undefined> {
  const link = config.ACCESS_CHECK_LINKS[platform.id];
  const pinned = { ...used, label: 'check' };
  const run = await ytDlpAccess(config, platform, { pinned });
  await mkdir(privateRoot(config), { recursive: true, mode: 0o700 });
  const folder = await mkdtemp(path.join(privateRoot(config), 'check-'));
  try {
    await behindEgressGuard(
      config.MEDIA_TEST_HOSTS,
      (proxyUrl) =>
        readYtDlpInfo({
          ...(run.cookiesFile ? { cookiesFile: run.cookiesFile } : {}),
          engineArgs: run.engineArgs,
          engineEnv: run.engineEnv,
          url: link,
          platform,
          allowGeneric: isTestHost(new URL(link), config.MEDIA_TEST_HOSTS),
          ytDlpPath: config.YTDLP_PATH,
          maxBytes: config.DOWNLOAD_MAX_BYTES,
          maxDurationSeconds: config.DOWNLOAD_MAX_DURATION_SECONDS,
          proxyUrl,
          mode: 'single',
          // As long as the download it stands in for may take: a check cut short rests nothing.
          timeoutMs: config.DOWNLOAD_TIMEOUT_SECONDS * 1000,
          workDir: folder,
          workRoot: folder,
        }),
      { upstream: run.upstreamProxy },
    );
    return undefined;
  } catch (error) {
    return blameOfFailure(error, link) ?? 'content';
  } finally {
    await run.release();
    await rm(folder, { recursive: true, force: true });
  }
}
