// A link's information read with yt-dlp (a video's preview, a post's items, a playlist's entries):
// the link checked and resolved (redirects followed by the egress guard's rules), a visitor's
// session cookie written into a job folder of its own for the read only.
import type { Platform } from '@grabbit/catalog';
import type { Config } from '../config/env';
import { readInfo, type InfoMode, type YtDlpInfo } from '../ytdlp';
import { makeJobFolder, removeJobFolder, writeSessionCookies } from './job-folder';
import { resolveLink } from './link-resolver';
import { checkDownloadUrl } from './url-rules';

export async function readLinkInfo(
  config: Config,
  jobsRoot: string,
  link: { platform: Platform; url: string; mode: InfoMode },
  options: { instagramCookies?: string; timeoutMs: number; client?: string },
): Promise<YtDlpInfo> {
  const { platform } = link;
  const checked = checkDownloadUrl(link.url, platform, config.MEDIA_TEST_HOSTS);
  const dir = await makeJobFolder(jobsRoot);
  try {
    const resolved = await resolveLink(checked.url, { platform, testHosts: config.MEDIA_TEST_HOSTS });
    const visitorCookiesFile = options.instagramCookies
      ? await writeSessionCookies(dir, platform, options.instagramCookies)
      : undefined;
    return await readInfo(
      config,
      { url: resolved, platform, allowGeneric: checked.isTestHost },
      link.mode,
      dir,
      {
        timeoutMs: options.timeoutMs,
        ...(options.client ? { client: options.client } : {}),
        ...(visitorCookiesFile ? { visitorCookiesFile } : {}),
      },
    );
  } finally {
    await removeJobFolder(dir);
  }
}
