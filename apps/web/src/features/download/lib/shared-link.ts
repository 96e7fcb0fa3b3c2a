// Links shared to Grabbit (the web app manifest's share target) or opened as `?url=`: phones put
// the link in `url` or inside `text` ("Watch this: https://..."). Pure, so it is unit-tested.
import { platformForLink, type Platform } from '@grabbit/catalog';

/** The shared link in a page's query string, if any. */
export function sharedLinkOf(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const direct = params.get('url')?.trim();
  if (direct) return direct;
  return /https?:\/\/\S+/i.exec(params.get('text') ?? '')?.[0];
}

/**
 * Where a shared link belongs: `fill` on this page, or `go` to its own downloader page (with the
 * link). A link of no known site is filled in on a downloader page (its check explains why it
 * does not fit) and ignored elsewhere.
 */
export function sharedLinkTarget(
  link: string,
  page: Platform | undefined,
): { kind: 'fill' } | { kind: 'go'; path: string } | undefined {
  const owner = platformForLink(link);
  if (owner && owner.id !== page?.id)
    return { kind: 'go', path: `${owner.route}?url=${encodeURIComponent(link)}` };
  return page ? { kind: 'fill' } : undefined;
}

/** The links in a pasted text: split at spaces, commas and line breaks. */
export function linksIn(text: string): string[] {
  return text.split(/[\s,]+/).filter((part) => part !== '');
}
