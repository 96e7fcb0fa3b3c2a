// The format a post's item is downloaded in: the visitor's choice applies to every video item (an
// audio format extracts the sound), while a photo keeps its own picture format.
import type { DownloadFormat } from '@grabbit/catalog';
import type { MediaItem } from '@grabbit/contracts';

export function postItemFormat(
  item: Pick<MediaItem, 'mediaType' | 'suggestedFormat'>,
  chosen: DownloadFormat,
): DownloadFormat {
  return item.mediaType === 'image' ? item.suggestedFormat : chosen;
}

/** What the format choice does on a page that lists a post's items, said beside the dropdown. */
export const postFormatHint =
  'Applies to every video of a post: MP3 and M4A keep only the sound. Photos stay photos.';
