// Multi-media posts and playlists through the real API: a post lists its items and downloads one
// or all; a playlist of 3 is auto-downloaded and becomes one zip with the right entries; 30 items,
// or 12 hours, are not auto-downloaded; batch events reach the hub.
import path from 'node:path';
import {
  hubEvents,
  hubPath,
  type BatchStatus,
  type MediaItemsResponse,
  type PlaylistResponse,
  type PostDownloadResponse,
} from '@grabbit/contracts';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { jobFolders, probeFile, waitForTask, useSiteAndApp, withUnzipped } from './support/download-app';

const fx = useSiteAndApp({}, { listen: true });

const post = (url: string, payload: object) => fx.test.app.inject({ method: 'POST', url, payload });

describe('multi-media posts', () => {
  it('lists a post of three videos with the spec fields', async () => {
    const response = await post('/api/download/instagram/media', {
      url: fx.site.url('/post.html'),
      getMediaItems: true,
      instagramCookies: 'sessionid=secret-value',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<MediaItemsResponse>();
    expect(body.success).toBe(true);
    expect(body.mediaItems).toHaveLength(3);
    expect(body.mediaItems[1]).toMatchObject({
      url: fx.site.url('/post.html'),
      itemIndex: 2,
      mediaType: 'video',
      suggestedFormat: 'mp4',
      displayName: 'Instagram video 2',
      platform: 'instagram',
    });
    expect(Object.keys(body.mediaItems[0] ?? {}).sort()).toEqual([
      'displayName',
      'fileSize',
      'id',
      'itemIndex',
      'mediaType',
      'platform',
      'resolution',
      'suggestedFormat',
      'thumbnailUrl',
      'title',
      'url',
    ]);
    expect(jobFolders(fx.test.dataDir)).toEqual([]);
  });

  it('downloads one item of a post by its index', async () => {
    const started = await post('/api/download/reddit', {
      url: fx.site.url('/post.html'),
      itemIndex: 2,
      format: 'webm',
    });
    const task = await waitForTask(fx.test.app, started.json<{ taskId: string }>().taskId);
    expect(task.status, task.error).toBe('completed');
    expect(task.title).toBe('A post (2)');
  });

  it('downloads a whole post and answers every file', async () => {
    const response = await post('/api/download/facebook/media', {
      url: fx.site.url('/post.html'),
      getMediaItems: false,
      format: 'mp4',
    });
    const body = response.json<PostDownloadResponse>();
    expect(body).toMatchObject({ success: true, videoCount: 3, photoCount: 0 });
    expect(body.downloadedFiles.map((f) => f.fileName)).toEqual([
      'A post (1).mp4',
      'A post (2).mp4',
      'A post (3).mp4',
    ]);
  });
});

describe('playlists', () => {
  it('a playlist of 3 is auto-downloaded as one zip named after it', async () => {
    const listed = await post('/api/download/youtube/playlist', {
      url: fx.site.url('/feed-3.xml'),
      format: 'mp4',
    });
    const playlist = listed.json<PlaylistResponse>();
    expect(playlist).toMatchObject({
      success: true,
      isAutoDownloaded: true,
      title: 'Three clips',
      totalItems: 3,
      error: null,
    });
    expect(playlist.playlistItems[0]).toEqual({
      url: fx.site.url('/a.mp4?item=1'),
      title: 'Item 1: Three clips',
      thumbnailUrl: fx.site.url('/photo.jpg'),
      duration: 1,
    });

    const socket = io(fx.test.origin, { path: hubPath, transports: ['websocket'], forceNew: true });
    const started = await post('/api/download/playlist', {
      items: playlist.playlistItems,
      outputFormat: 'mp4',
      title: playlist.title,
    });
    const { batchId } = started.json<{ success: boolean; batchId: string }>();
    const events: [string, unknown][] = [];
    const completed = new Promise<void>((resolve) => {
      socket.onAny((event: string, id: string, payload: unknown) => {
        if (id !== batchId) return;
        events.push([event, payload]);
        if (event === hubEvents.batchCompleted || event === hubEvents.batchError) resolve();
      });
    });
    socket.emit(hubEvents.joinBatch, batchId);
    await completed;
    socket.disconnect();
    expect(events.at(-1)).toEqual([
      hubEvents.batchCompleted,
      { success: true, message: 'Successfully downloaded playlist.' },
    ]);
    const percents = events.filter(([e]) => e === hubEvents.batchProgress).map(([, p]) => p as number);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);

    const status = (
      await fx.test.app.inject({ method: 'GET', url: `/api/download/playlist/${batchId}/status` })
    ).json<BatchStatus>();
    expect(status).toMatchObject({
      status: 'completed',
      progress: 100,
      completedItems: 3,
      failedItems: 0,
      totalItems: 3,
    });

    const zip = await post(`/api/download/playlist/${batchId}/download`, {});
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toBe('attachment; filename="Three clips.zip"');
    await withUnzipped(zip.rawPayload, async (names, dir) => {
      // Items 1 and 3 are the same clip (same title): the second gets a unique name.
      expect(names).toEqual(['a (2).mp4', 'a.mp4', 'b.mp4']);
      for (const name of names)
        expect((await probeFile(path.join(dir, name))).codecs).toEqual(['h264', 'aac']);
    });
  });

  it('30 items are listed for selection, not auto-downloaded', async () => {
    const body = (
      await post('/api/download/youtube/playlist', { url: fx.site.url('/feed-30.xml') })
    ).json<PlaylistResponse>();
    expect(body).toMatchObject({ isAutoDownloaded: false, totalItems: 30 });
    expect(body.autoDownloadBlockedReason).toBe('30 videos found: choose the ones to download.');
  });

  it('three 4-hour items are not auto-downloaded (over 3 h each, 12 h in all)', async () => {
    const body = (
      await post('/api/download/youtube/playlist', { url: fx.site.url('/feed-long.xml') })
    ).json<PlaylistResponse>();
    expect(body).toMatchObject({ isAutoDownloaded: false, totalItems: 3 });
    expect(body.autoDownloadBlockedReason).toMatch(/longer than 8 hours/);
  });

  it('lists playlists only on pages whose catalog entry has them', async () => {
    const refused = await post('/api/download/tiktok/playlist', { url: fx.site.url('/feed-30.xml') });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ code: string }>().code).toBe('UNSUPPORTED_PLATFORM');
  });

  it('an unknown batch and a batch with a refused link answer clear errors', async () => {
    const unknown = await fx.test.app.inject({ method: 'GET', url: '/api/download/playlist/nope/status' });
    expect(unknown.json<{ code: string }>().code).toBe('BATCH_NOT_FOUND');
    const refused = await post('/api/download/playlist', {
      items: [fx.site.url('/a.mp4'), 'file:///etc/passwd'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toBe(
      'Item 2: Only http and https links can be downloaded.',
    );
  });
});
