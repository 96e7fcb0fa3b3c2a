// The main download flow: the busy flag, an emptied queue (but for finished files still waiting on
// the server), then each valid link in order: a playlist (one zip, or a per-video selection), a
// multi-media post (its items wait for their own buttons) or a single task followed on the hub.
// Afterwards the click-gate is cleared after 100 ms and the buttons are remounted.
import type { DownloadFormat, Platform, TestHosts } from '@grabbit/catalog';
import { countOf, playlistLimits, withScheme } from '@grabbit/catalog';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useKeptQueue } from '../../../lib/jobs/use-kept-queue';
import { inJobSlot } from '../../../lib/pacing';
import { randomId } from '../../../lib/random-id';
import type { CloudChoice } from '../../cloud-storage';
import { resetGateAfterDownload } from '../../monetization';
import { getPlaylistItems, getPostMediaItems } from '../api/download-api';
import { keptDownloads } from '../lib/kept-downloads';
import type { ChoiceFields } from '../lib/clip-choice';
import { linkKind } from '../lib/link-kind';
import { noMediaDownloaded, postListFailure } from '../lib/messages';
import { postItemFormat } from '../lib/post-item-format';
import { queueReducer, zipOfSelection, type QueueItem } from '../lib/queue';
import type { UrlRow } from '../lib/url-rows';
import { useCloudQueueActions } from './use-cloud-queue-actions';
import { useQueueActions } from './use-queue-actions';

export interface StartOptions {
  rows: readonly UrlRow[];
  format: DownloadFormat;
  instagramCookies?: string;
  /** Set when "Keep in cloud storage" is ticked: single links go through cloud storage. */
  cloud?: CloudChoice;
  /** What the preview card picked for the single link (quality, trim, subtitles). */
  choice?: ChoiceFields & { thumbnailUrl?: string; title?: string };
}

const newId = () => randomId();

function baseItem(url: string, format: DownloadFormat, title: string): QueueItem {
  return { id: newId(), url, status: 'pending', progress: 0, format, quality: 'best', title };
}

export function useDownloadFlow(platform: Platform, testHosts: TestHosts) {
  const [queue, dispatch] = useReducer(queueReducer, []);
  const [busy, setBusy] = useState(false);
  const [generation, setGeneration] = useState(0);
  const actions = useQueueActions(platform, dispatch);
  const { runBatch, resume } = actions;
  // The queue comes back after a reload, each item followed again by its job.
  const kept = useMemo(() => keptDownloads(platform.id), [platform.id]);
  useKeptQueue(kept, queue, (items) => {
    dispatch({ type: 'restored', items });
    for (const item of items) if (item.status !== 'error' && (item.taskId || item.batchId)) void resume(item);
  });
  const { runCloudItem, deleteCloudItem, openCloudItem } = useCloudQueueActions(platform, dispatch);
  const runItem = useCallback(
    (item: QueueItem) => (item.cloudChoice ? runCloudItem(item) : actions.runItem(item)),
    [actions, runCloudItem],
  );

  const handlePlaylist = useCallback(
    async (url: string, format: DownloadFormat) => {
      let playlist;
      try {
        playlist = await inJobSlot(() => getPlaylistItems(platform.id, url, format));
      } catch (error) {
        // The server answers 404 when the link holds no playlist at all.
        if (error instanceof ApiError && error.status === 404) {
          toast.error('No Playlist Found', { description: 'No playlist could be found at this YouTube URL' });
          return;
        }
        toast.error('YouTube playlist Error', {
          description: 'Failed to get playlist from YouTube. Please check the URL and try again.',
        });
        return;
      }
      const videos = playlist.playlistItems;
      if (videos.length === 0) {
        toast.error('No Playlist Found', { description: 'No playlist could be found at this YouTube URL' });
        return;
      }
      const title = playlist.title || 'Playlist';
      if (playlist.isAutoDownloaded && videos.length < playlistLimits.autoDownloadUnder) {
        const item: QueueItem = {
          ...baseItem(url, format, title),
          playlistTitle: title,
          playlistVideos: videos,
        };
        dispatch({ type: 'add', items: [item] });
        await runBatch(item, videos);
        return;
      }
      const items = videos.map((video) => ({
        ...baseItem(video.url, format, video.title || video.url),
        thumbnailUrl: video.thumbnailUrl ?? undefined,
        isPlaylistItem: true,
        playlistTitle: title,
      }));
      dispatch({ type: 'add', items });
      toast.success(`${videos.length} videos found!`, {
        description:
          playlist.autoDownloadBlockedReason ?? 'Press the button of each video you want to download.',
      });
    },
    [platform, runBatch],
  );

  const handlePost = useCallback(
    async (url: string, format: DownloadFormat, instagramCookies?: string) => {
      let post;
      try {
        post = await inJobSlot(() => getPostMediaItems(platform.id, url, instagramCookies));
      } catch (error) {
        const message = postListFailure(platform, error);
        toast.error(message.title, { description: message.description });
        return;
      }
      if (post.mediaItems.length === 0) {
        const message = noMediaDownloaded(platform);
        toast.error(message.title, { description: message.description });
        return;
      }
      const items = post.mediaItems.map((media) => ({
        ...baseItem(media.url, postItemFormat(media, format), media.displayName || media.title),
        thumbnailUrl: media.thumbnailUrl ?? undefined,
        fileSize: media.fileSize ?? undefined,
        mediaItem: media,
        isFromMultiMediaPost: true,
        postTitle: post.title,
        // The session that listed the post also downloads its items (kept in memory only).
        ...(instagramCookies ? { sessionCookie: instagramCookies } : {}),
      }));
      dispatch({ type: 'add', items });
      const photos = post.mediaItems.filter((m) => m.mediaType === 'image').length;
      const videos = post.mediaItems.filter((m) => m.mediaType === 'video').length;
      toast.success(`${countOf(items.length, 'file')} ready!`, {
        description: `${countOf(photos, 'photo')}, ${countOf(videos, 'video')}`,
      });
    },
    [platform],
  );

  const start = useCallback(
    async ({ rows, format, instagramCookies, cloud, choice }: StartOptions) => {
      setBusy(true);
      dispatch({ type: 'clear' });
      try {
        for (const row of rows) {
          // A link typed without https:// is sent with it (the server takes full addresses only).
          const url = withScheme(row.value);
          try {
            const kind = linkKind(url, platform, testHosts);
            if (kind === 'playlist') await handlePlaylist(url, format);
            else if (kind === 'multi-media') await handlePost(url, format, instagramCookies);
            else {
              const item: QueueItem = {
                ...(choice
                  ? {
                      ...baseItem(url, choice.format, choice.title || url),
                      quality: choice.quality,
                      thumbnailUrl: choice.thumbnailUrl,
                      clip: {
                        startTime: choice.startTime,
                        endTime: choice.endTime,
                        subtitles: choice.subtitles,
                        targetSizeMB: choice.targetSizeMB,
                        ...(choice.tags === false ? { tags: false as const } : {}),
                        ...(choice.sponsorBlock ? { sponsorBlock: choice.sponsorBlock } : {}),
                        ...(choice.splitChapters ? { splitChapters: true as const } : {}),
                      },
                    }
                  : baseItem(url, format, url)),
                ...(cloud ? { cloudChoice: cloud } : {}),
              };
              dispatch({ type: 'add', items: [item] });
              await runItem(item);
            }
          } catch (error) {
            const message =
              error instanceof Error && error.message ? error.message : 'An unexpected error occurred.';
            toast.error('Download Error', { description: message });
          }
        }
      } catch {
        toast.error('Download Error', {
          description: 'An unexpected error occurred while processing your request.',
        });
      } finally {
        setBusy(false);
        resetGateAfterDownload();
        setGeneration((n) => n + 1);
      }
    },
    [platform, testHosts, handlePlaylist, handlePost, runItem],
  );

  /** A pending item's button, or Retry on an error item. */
  const downloadItem = useCallback(
    (item: QueueItem) => {
      const done = item.playlistVideos ? runBatch(item, item.playlistVideos) : runItem(item);
      void done.finally(resetGateAfterDownload);
    },
    [runBatch, runItem],
  );

  /** The selected videos as one zip: one batch, behind the one gate its button passed. */
  const downloadZip = useCallback(
    (selected: readonly QueueItem[]) => {
      const zip = zipOfSelection(newId(), selected);
      if (!zip?.playlistVideos) return;
      for (const item of selected) dispatch({ type: 'remove', id: item.id });
      dispatch({ type: 'add', items: [zip] });
      void runBatch(zip, zip.playlistVideos).finally(resetGateAfterDownload);
    },
    [runBatch],
  );

  const saveItem = useCallback(
    (item: QueueItem) => (item.cloudFileKey ? openCloudItem(item) : actions.saveItem(item)),
    [actions, openCloudItem],
  );

  const deleteItem = useCallback(
    (item: QueueItem) => (item.cloudFileKey ? deleteCloudItem(item) : actions.deleteItem(item)),
    [actions, deleteCloudItem],
  );

  return { queue, busy, generation, start, downloadItem, downloadZip, saveItem, deleteItem };
}
