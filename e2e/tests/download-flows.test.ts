// Multi-media posts, playlists, failures with Retry and a dropped hub, in Chromium against the real
// server and the real yt-dlp on fixture media served locally (MEDIA_TEST_HOSTS).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { apiPath, apiRoutes } from '@grabbit/contracts/api-paths';
import { describe, expect, it } from 'vitest';
import { startDropProxy } from '../support/control-site';
import {
  clickThroughGate,
  mainButton,
  openDownloader,
  queueItems,
  useDownloaderHarness,
  waitForStatus,
} from '../support/downloader';
import { useTempDir } from '../support/session';

const harness = useDownloaderHarness();
const saveDir = useTempDir('grabbit-e2e-flows-');

describe('downloader flows', () => {
  it('lists a multi-media post and downloads each item after 2 clicks', async () => {
    const { context, page } = await openDownloader(harness, '/instagram-downloader');
    await page.getByRole('textbox', { name: 'Instagram link 1' }).fill(harness.site.url('/post.html'));
    // Multi-media mode: the format applies to each video of the post (MP4 by default).
    expect(await page.getByRole('combobox', { name: 'Format' }).count()).toBe(1);
    // The visitor's own cookie goes with the post request and the downloads of that post's items,
    // and nowhere else: not into browser storage.
    await page.getByLabel('Instagram session cookie (optional)').fill('sessionid=abc123');
    const bodies: string[] = [];
    page.on(
      'request',
      (request) =>
        request.url().includes('/api/') && bodies.push(`${request.url()} ${request.postData() ?? ''}`),
    );
    await clickThroughGate(mainButton(page), 3, 'Download');
    await page.getByText('3 files ready!').waitFor({ timeout: 60_000 });
    expect(await queueItems(page).count()).toBe(3);
    const withCookie = () => bodies.filter((body) => body.includes('sessionid=abc123'));
    expect(withCookie()).toHaveLength(1);
    expect(withCookie()[0]).toContain(apiPath(apiRoutes.downloadMedia, { platform: 'instagram' }));
    for (let index = 0; index < 3; index += 1) {
      const item = queueItems(page).nth(index);
      expect(await item.getAttribute('data-status')).toBe('pending');
      await clickThroughGate(item.getByRole('button'), 2, 'Download');
      await waitForStatus(page, index, 'completed');
    }
    const itemDownload = `${apiPath(apiRoutes.download, { platform: 'instagram' })} `;
    expect(withCookie().filter((body) => body.includes(itemDownload))).toHaveLength(3);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain('abc123');
    await context.close();
  });

  it('downloads a playlist of 3 as one zip', async () => {
    const { context, page } = await openDownloader(harness, '/youtube-downloader');
    await page
      .getByRole('textbox', { name: 'YouTube link 1' })
      .fill(harness.site.url('/feed-3.xml?list=PL3'));
    const zipPromise = page.waitForEvent('download', { timeout: 90_000 });
    await clickThroughGate(mainButton(page), 3, 'Download');
    const zip = await zipPromise;
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    const target = path.join(saveDir, 'playlist.zip');
    await zip.saveAs(target);
    const entries = execFileSync('unzip', ['-Z1', target]).toString().trim().split('\n');
    expect(entries).toHaveLength(3);
    await page.getByText('Batch Download Complete').waitFor();
    expect(await queueItems(page).count()).toBe(1);
    await context.close();
  });

  it('shows the per-video selection for a playlist of 30', async () => {
    const { context, page } = await openDownloader(harness, '/youtube-downloader');
    await page
      .getByRole('textbox', { name: 'YouTube link 1' })
      .fill(harness.site.url('/feed-30.xml?list=PL30'));
    await clickThroughGate(mainButton(page), 3, 'Download');
    await page.getByText('30 videos found!').waitFor({ timeout: 60_000 });
    expect(await queueItems(page).count()).toBe(30);
    expect(await page.locator('[data-testid="queue-item"][data-status="pending"]').count()).toBe(30);
    await context.close();
  });

  it('shows the failure toast for a failing link, and Retry downloads it', async () => {
    const { context, page } = await openDownloader(harness, '/vimeo-downloader');
    await page.getByRole('textbox', { name: 'Vimeo link 1' }).fill(harness.control.url('/flaky/a.mp4'));
    await clickThroughGate(mainButton(page), 3, 'Download');
    await waitForStatus(page, 0, 'error');
    await page.getByText('Download Failed').first().waitFor();
    expect(harness.control.failures()).toBeGreaterThan(0);
    harness.control.arm();
    await queueItems(page).first().getByRole('button', { name: 'Retry' }).click();
    await waitForStatus(page, 0, 'completed');
    await context.close();
  });

  it('completes an item when the hub connection drops mid-download', { timeout: 180_000 }, async () => {
    const proxy = await startDropProxy(harness.server.port);
    try {
      const { context, page } = await openDownloader(harness, '/twitter-downloader', { origin: proxy.url });
      await page.getByRole('textbox', { name: 'Twitter link 1' }).fill(harness.control.url('/paced/a.mp4'));
      await clickThroughGate(mainButton(page), 3, 'Download');
      await page
        // The task exists on the server (its id is known) and is still running. The file's earlier
        // tests may have spent this minute's job starts (shipped limits): the page then waits for
        // the next minute before it starts the task.
        .locator('[data-testid="queue-item"][data-status="downloading"][data-task-id]')
        .waitFor({ timeout: 90_000 });
      // The server side goes away for 3 s: every open connection closes, new ones are refused.
      proxy.drop(3000);
      expect(await queueItems(page).first().getAttribute('data-status')).not.toBe('completed');
      await waitForStatus(page, 0, 'completed', 90_000);
      await context.close();
    } finally {
      await proxy.close();
    }
  });
});
