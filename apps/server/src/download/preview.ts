// A link's preview (POST /api/download/{platform}/info) and its picture: what the link offers, read
// once and cached a few minutes, with the picture fetched by the server under our own path.
import type { Platform } from '@grabbit/catalog';
import { apiPath, apiRoutes, type MediaInfoResponse, safeTitle } from '@grabbit/contracts';
import { AppError } from '../core/app-error';
import { thumbnailOf } from '../ytdlp';
import { chaptersOf } from './file-tags';
import { audioBitratesOf, automaticCaptionsOf, qualitiesOf, subtitlesOf, type FullInfo } from './media-info';
import type { DownloadService } from './download-service';
import { fetchThumbnail } from './thumbnail-fetch';

/** `client` (hashed) holds one of its share of preview reads while the link is read; none: no share. */
export async function mediaPreview(
  service: DownloadService,
  platform: Platform,
  url: string,
  client?: string,
): Promise<MediaInfoResponse> {
  const info: FullInfo = (await service.cachedInfo(platform, url, client)).info;
  const thumbnail = thumbnailOf(info);
  return {
    success: true,
    title: safeTitle(info.title, `${platform.name} video`),
    uploader: info.uploader ?? info.channel ?? null,
    duration: info.duration ?? null,
    thumbnailUrl: thumbnail
      ? apiPath(apiRoutes.thumbnail, { id: service.infoCache.thumbnailId(thumbnail) })
      : null,
    qualities: qualitiesOf(info),
    audioBitrates: audioBitratesOf(info),
    subtitles: subtitlesOf(info),
    automaticCaptions: automaticCaptionsOf(info),
    chapters: chaptersOf(info),
  };
}

/** A previewed link's picture by its id; an unknown id is 404 NOT_FOUND. */
export function previewPicture(service: DownloadService, id: string) {
  const link = service.infoCache.thumbnailUrl(id);
  if (!link) throw new AppError('NOT_FOUND', 'This picture is not available.');
  return fetchThumbnail(link, service.config.MEDIA_TEST_HOSTS);
}
