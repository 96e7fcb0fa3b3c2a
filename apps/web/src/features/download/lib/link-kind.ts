// How the main flow handles one link on a page: a YouTube playlist, a
// multi-media post listing its items, or a single task followed on the hub.
import { isMultiMediaLink, isPlaylistLink, type Platform, type TestHosts } from '@grabbit/catalog';

export type LinkKind = 'playlist' | 'multi-media' | 'single';

export function linkKind(link: string, page: Platform, testHosts: TestHosts): LinkKind {
  if (page.playlists && isPlaylistLink(link, testHosts)) return 'playlist';
  if (isMultiMediaLink(link, page, testHosts)) return 'multi-media';
  return 'single';
}

/** The page handles its links as multi-media posts (the format then applies to each video item). */
export function isMultiMediaMode(page: Platform, values: readonly string[], testHosts: TestHosts): boolean {
  if (page.multiMedia === 'always') return true;
  if (page.multiMedia === 'never') return false;
  return values.some((value) => value.trim() !== '' && isMultiMediaLink(value.trim(), page, testHosts));
}
