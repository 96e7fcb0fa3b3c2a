// Lists a playlist for the page: its entries, and whether the page downloads it at once.
import { safeTitle } from '@grabbit/contracts';
import type { Platform } from '@grabbit/catalog';
import type { DownloadFormatName, PlaylistResponse } from '@grabbit/contracts';
import { AppError } from '../core/app-error';
import { entryUrl, thumbnailOf, type InfoMode, type YtDlpInfo } from '../ytdlp';
import { decideAutoDownload } from './playlist-rules';

/** Reads a link's information (the download service's read, passed in: the service calls this). */
export interface InfoReader {
  readInfo(platform: Platform, url: string, mode: InfoMode): Promise<YtDlpInfo>;
}

export async function listPlaylist(
  service: InfoReader,
  platform: Platform,
  body: { url: string; format: DownloadFormatName },
): Promise<PlaylistResponse> {
  // Which pages list playlists is the catalog's word (its `playlists` field).
  if (!platform.playlists)
    throw new AppError('UNSUPPORTED_PLATFORM', `${platform.name} links are not listed as playlists`);
  const info = await service.readInfo(platform, body.url, 'playlist');
  const entries = (info.entries ?? [info]).filter(
    (entry): entry is YtDlpInfo => entry !== null && entryUrl(entry) !== undefined,
  );
  if (entries.length === 0)
    throw new AppError('PLAYLIST_NOT_FOUND', 'No playlist could be found at this YouTube URL');
  const playlistItems = entries.map((entry) => ({
    url: entryUrl(entry) ?? '',
    title: safeTitle(entry.title, 'Untitled video'),
    thumbnailUrl: thumbnailOf(entry),
    duration: entry.duration ?? null,
  }));
  const decision = decideAutoDownload(
    entries.map((entry) => ({
      duration: entry.duration ?? null,
      size: entry.filesize ?? entry.filesize_approx ?? null,
    })),
    body.format,
  );
  return {
    success: true,
    isAutoDownloaded: decision.isAutoDownloaded,
    autoDownloadBlockedReason: decision.reason,
    downloadedFiles: [],
    playlistItems,
    title: safeTitle(info.title, 'playlist'),
    totalItems: playlistItems.length,
    error: null,
  } satisfies PlaylistResponse;
}
