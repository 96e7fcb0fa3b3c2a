// The download queue's items and the pure updates the page applies to them.
import { countOf, formatMegabytes, type DownloadFormat, type Platform } from '@grabbit/catalog';
import type { ClipOptions, MediaItem, PlaylistItem, TaskStatus } from '@grabbit/contracts';
import { queueItemsReducer, type JobQueueItem, type QueueItemsAction } from '../../../lib/jobs/queue-items';
import type { CloudChoice } from '../../cloud-storage';

export interface QueueItem extends JobQueueItem {
  id: string;
  url: string;
  status: TaskStatus;
  /** 0-100. */
  progress: number;
  format: DownloadFormat;
  /** `best`, a height such as `720p`, or an audio bit rate such as `128k`. */
  quality: string;
  /** The section and subtitles picked in the preview. */
  /** What the visitor chose beyond the format: a section, subtitles, a target size. */
  clip?: ClipOptions & {
    targetSizeMB?: number;
    tags?: false;
    sponsorBlock?: 'remove' | 'chapters';
    splitChapters?: true;
  };
  title: string;
  fileName?: string;
  downloadUrl?: string;
  fileSize?: number;
  thumbnailUrl?: string;
  error?: string;
  /** Said of a finished file (a SponsorBlock option that could not be honoured). */
  notice?: string;
  /** False when trying again cannot change the failure (the link is refused): no Retry then. */
  retryable?: boolean;
  /** The server's code of the failure, when it sent one. */
  errorCode?: string;
  /** The finished file was saved (fetched from the server, so it no longer waits there). */
  saved?: boolean;
  taskId?: string;
  mediaItem?: MediaItem;
  isFromMultiMediaPost?: boolean;
  postTitle?: string;
  /**
   * The visitor's session cookie for the post this item came from: sent with the item's own
   * download, kept only in the page's memory (never in browser storage).
   */
  sessionCookie?: string;
  isPlaylistItem?: boolean;
  playlistTitle?: string;
  /**
   * A whole playlist, or a selection of a playlist's videos or a post's items, fetched as one zip:
   * its items (for Retry) and, once created, its batch.
   */
  playlistVideos?: readonly ZipEntry[];
  /** The zip holds a post's items (not a playlist's videos): said so when it is done. */
  zipOfPost?: boolean;
  batchId?: string;
  cloudStorage?: boolean;
  /** Kept in cloud storage: the visitor's choices (for Retry) and, once stored, the file key. */
  cloudChoice?: CloudChoice;
  cloudFileKey?: string;
  /** When the item's (private) cloud link stops working. */
  cloudLinkExpiresAt?: string;
  /**
   * The file was paid for with the click-gate once (its first save, or the one gate of a zip of
   * selected items): saving the same file again does not ask again.
   */
  gatePassed?: boolean;
}

/** One file of a zip's batch: a playlist's video, or a post's item by its number. */
export type ZipEntry = PlaylistItem & { itemIndex?: number };

/** Whether downloads on this page ask for the watermark-free file (the catalog's promise). */
export function asksWatermarkFree(platform: Pick<Platform, 'watermarkFree'>): boolean {
  return platform.watermarkFree !== undefined;
}

export type QueueAction =
  { type: 'clear' } | { type: 'restored'; items: QueueItem[] } | QueueItemsAction<QueueItem>;

/** The downloader's words for a job that still runs: its bar moves, Processing once it finishes the file. */
function runningItem(item: QueueItem): QueueItem {
  const followed = item.followed;
  const running = item.status === 'pending' || item.status === 'downloading' || item.status === 'processing';
  if (!followed || !running || (followed.status !== 'queued' && followed.status !== 'running')) return item;
  const status = followed.stage === 'processing' ? 'processing' : 'downloading';
  return { ...item, status, progress: followed.progress };
}

export function queueReducer(items: QueueItem[], action: QueueAction): QueueItem[] {
  switch (action.type) {
    case 'clear':
      // A finished file still waiting on the server stays: gone from the list, it could be neither
      // saved nor deleted, and would hold one of the visitor's waiting places until it expires.
      return waitingFiles(items);
    case 'restored': {
      const known = new Set(items.map((item) => item.id));
      return [...action.items.filter((item) => !known.has(item.id)), ...items];
    }
    case 'job':
      return queueItemsReducer(items, action).map((item) =>
        item.id === action.id ? runningItem(item) : item,
      );
    default:
      return queueItemsReducer(items, action);
  }
}

/** A finished file's name: the server's, else download.{format}. */
export function savedFileName(item: Pick<QueueItem, 'fileName' | 'format'>): string {
  return item.fileName || `download.${item.format}`;
}

/** Cloud-stored items with an http link open in a new tab instead of being saved. */
export function opensInNewTab(item: Pick<QueueItem, 'cloudStorage' | 'downloadUrl'>): boolean {
  return Boolean(item.cloudStorage && item.downloadUrl && /^https?:\/\//i.test(item.downloadUrl));
}

/** File sizes are shown in MB to one decimal place. */
export function formatFileSize(bytes: number | undefined | null): string | undefined {
  if (bytes === undefined || bytes === null || !Number.isFinite(bytes)) return undefined;
  return formatMegabytes(bytes);
}

/** The text beside the progress bar: the percentage, or Processing. */
export function progressLabel(item: Pick<QueueItem, 'status' | 'progress'>): string {
  return item.status === 'processing' ? 'Processing' : `${Math.round(item.progress)}%`;
}

/** Items a visitor may pick for one zip: a playlist's videos or a post's items not started yet. */
export function selectableForZip(
  item: Pick<QueueItem, 'status' | 'isPlaylistItem' | 'isFromMultiMediaPost'>,
): boolean {
  return item.status === 'pending' && (item.isPlaylistItem === true || item.isFromMultiMediaPost === true);
}

/**
 * The one queue item that stands for the selected videos saved as one zip: its batch is created
 * behind one gate, so its saves never ask again.
 */
export function zipOfSelection(id: string, selected: readonly QueueItem[]): QueueItem | undefined {
  const first = selected[0];
  if (!first) return undefined;
  const title = first.playlistTitle ?? first.postTitle ?? 'Playlist';
  // A post's photo carries its own picture format: the batch's format is the one its videos use
  // (the server keeps each photo's own format again).
  const video = selected.find((item) => item.mediaItem?.mediaType !== 'image') ?? first;
  return {
    id,
    url: first.url,
    status: 'pending',
    progress: 0,
    format: video.format,
    quality: 'best',
    title: `${title} (${countOf(selected.length, 'file')})`,
    playlistTitle: title,
    playlistVideos: selected.map((item) => ({
      url: item.url,
      title: item.title,
      thumbnailUrl: item.thumbnailUrl ?? null,
      duration: null,
      ...(item.mediaItem ? { itemIndex: item.mediaItem.itemIndex } : {}),
    })),
    ...(first.sessionCookie ? { sessionCookie: first.sessionCookie } : {}),
    ...(first.isFromMultiMediaPost ? { zipOfPost: true } : {}),
    gatePassed: true,
  };
}

/**
 * Finished single files of the page still waiting on the server for the visitor (not saved yet; a
 * zip is saved as soon as it is made, a cloud copy is not on this server).
 */
export function waitingFiles(items: readonly QueueItem[]): QueueItem[] {
  return items.filter(
    (item) =>
      item.status === 'completed' && item.downloadUrl && !item.saved && !item.batchId && !item.cloudStorage,
  );
}

/** Whether a finished item can be deleted: from the server, or from cloud storage. */
export function canDelete(item: QueueItem): boolean {
  return item.cloudFileKey !== undefined || waitingFiles([item]).length === 1;
}

/** Under a start refused for the files waiting on the server: which of them are on this page. */
export function waitingFilesNote(items: readonly QueueItem[]): string {
  const names = waitingFiles(items).map(savedFileName);
  if (names.length === 0)
    return 'None of the files waiting for you is on this page: they were made in another tab or an earlier visit, and are deleted when they expire.';
  return `Waiting for you: ${names.join(', ')}. Save or delete them below.`;
}

/** The toast's words once a zip's batch is done: a post's or a playlist's. */
export function zipDoneMessage(item: Pick<QueueItem, 'zipOfPost'>, allSaved: boolean, note?: string): string {
  if (!allSaved) return note || 'Some items failed.';
  return item.zipOfPost ? "Successfully downloaded the post's files." : 'Successfully downloaded playlist.';
}

/** What a finished item's save button does: "Save MP3", "Save zip (12 files)". */
export function saveLabel(item: Pick<QueueItem, 'fileName' | 'playlistVideos'>): string {
  if (item.playlistVideos) return `Save zip (${countOf(item.playlistVideos.length, 'file')})`;
  const extension = /\.([a-z0-9]+)$/i.exec(item.fileName ?? '')?.[1];
  return extension ? `Save ${extension.toUpperCase()}` : 'Save file';
}
