// A batch of a post's items through the real API: each item is downloaded as a post's item is
// (the asked format for the video, its own picture format for the photo) and the batch's zip holds
// both, with the visitor's session kept out of answers and logs; an item number the post does not
// have is refused with a clear code.
import path from 'node:path';
import type { BatchStatus, MediaItemsResponse } from '@grabbit/contracts';
import { describe, expect, it } from 'vitest';
import { jobFolders, probeFile, useSiteAndApp, withUnzipped } from './support/download-app';

const logLines: string[] = [];
const fx = useSiteAndApp({ LOG_LEVEL: 'trace' }, { logLines });

const post = (url: string, payload: object) => fx.test.app.inject({ method: 'POST', url, payload });

async function waitForBatch(batchId: string): Promise<BatchStatus> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await fx.test.app.inject({
      method: 'GET',
      url: `/api/download/playlist/${batchId}/status`,
    });
    const status = response.json<BatchStatus>();
    if (status.status === 'completed' || status.status === 'error') return status;
    if (Date.now() > deadline) throw new Error(`batch ${batchId} still ${status.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a batch of a post's items", () => {
  it('zips the video in the asked format and the photo as a photo', { timeout: 90_000 }, async () => {
    const postUrl = fx.site.url('/mixed-post.html');
    const listed = (
      await post('/api/download/instagram/media', { url: postUrl, getMediaItems: true })
    ).json<MediaItemsResponse>();
    expect(listed.mediaItems.map((item) => item.mediaType)).toEqual(['video', 'image']);

    const secret = 'sessionid=batch-secret-value';
    const started = await post('/api/download/playlist', {
      platform: 'instagram',
      items: listed.mediaItems.map((item) => ({ url: item.url, itemIndex: item.itemIndex })),
      outputFormat: 'mp3',
      title: listed.title,
      instagramCookies: secret,
    });
    expect(started.statusCode, started.body).toBe(200);
    const status = await waitForBatch(started.json<{ batchId: string }>().batchId);
    expect(status).toMatchObject({ status: 'completed', completedItems: 2, failedItems: 0 });
    expect(JSON.stringify(status)).not.toContain('batch-secret-value');

    const zip = await post(`/api/download/playlist/${status.batchId}/download`, {});
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toBe('attachment; filename="Mixed post.zip"');
    await withUnzipped(zip.rawPayload, async (names, dir) => {
      expect(names).toEqual(['Mixed post (1).mp3', 'Mixed post (2).jpg']);
      expect((await probeFile(path.join(dir, 'Mixed post (1).mp3'))).codecs).toEqual(['mp3']);
      expect((await probeFile(path.join(dir, 'Mixed post (2).jpg'))).codecs).toEqual(['mjpeg']);
    });
    // The visitor's session lived in the jobs' folders only, and they are gone; no log line has it.
    expect(jobFolders(fx.test.dataDir)).toEqual([]);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes('batch-secret-value'))).toEqual([]);
  });

  it('refuses an item number the post does not have', async () => {
    const refused = await post('/api/download/playlist', {
      platform: 'reddit',
      items: [
        { url: fx.site.url('/mixed-post.html'), itemIndex: 1 },
        { url: fx.site.url('/mixed-post.html'), itemIndex: 3 },
      ],
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ code: string; error: string }>()).toMatchObject({
      code: 'POST_ITEM_NOT_FOUND',
      error: 'Item 2: the post has no item 3',
    });
  });
});
