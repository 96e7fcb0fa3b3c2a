// One answer to "is this link allowed, and where does it really point", in one pass: the pasted
// link's rules (scheme, non-public address, test host, the platform's hosts and refused links), the
// redirects of a short link followed hop by hop (each hop checked again, each name resolved to
// public addresses only), and the longest media the link may give (the configured limit or the
// platform's long-media rule). The download job works from this answer only, as plain data; yt-dlp
// itself then reaches the network only through the egress guard (net/egress-guard.ts).
import { resolveLink, type ResolveOptions } from './link-resolver';
import { checkDownloadUrl, durationLimitFor, type DurationLimit } from './url-rules';

export interface LinkCheck {
  /** The link to hand to yt-dlp. */
  url: string;
  isTestHost: boolean;
  duration: DurationLimit;
}

export interface LinkCheckOptions extends Omit<ResolveOptions, 'platform'> {
  maxDurationSeconds: number;
}

/** Throws an AppError a visitor can read when the link, or where it leads, is not allowed. */
export async function checkLink(
  raw: string,
  platform: ResolveOptions['platform'],
  options: LinkCheckOptions,
): Promise<LinkCheck> {
  const { isTestHost } = checkDownloadUrl(raw, platform, options.testHosts);
  const url = await resolveLink(raw.trim(), { ...options, platform });
  return { url, isTestHost, duration: durationLimitFor(url, platform, options.maxDurationSeconds) };
}
