// One page session follows a download and a conversion through the pages' one follower: each is
// read by its job's id (GET /api/jobs/{id}, nothing else polled), and a reload brings both back,
// followed again by that id to their end, with their result to save.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeVideo } from '../../apps/server/test/support/media-fixtures';
import { clickThroughGate, mainButton, openDownloaderTab, useDownloaderHarness } from '../support/downloader';
import {
  chooseFiles,
  makePng,
  openConverter,
  queueStatuses,
  startConversion,
  useFixtureDir,
} from './convert-support';

const harness = useDownloaderHarness();
const dir = useFixtureDir();

/** The API paths the page asked for, in order, as "METHOD /path". */
function recordApiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) seen.push(`${request.method()} ${pathname}`);
  });
  return seen;
}

/** The job ids the page keeps in its session for a queue (`grabbit.downloads.…`, `grabbit.conversions.…`). */
function keptJobIds(page: Page, prefix: string, field: 'taskId' | 'jobId'): Promise<string[]> {
  return page.evaluate(
    ({ prefix, field }) =>
      Object.keys(sessionStorage)
        .filter((key) => key.startsWith(prefix))
        .flatMap((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as Record<string, unknown>[])
        .flatMap((item) => {
          const holder = (field === 'jobId' ? item.job : item) as Record<string, unknown> | undefined;
          const id = holder?.[field];
          return typeof id === 'string' ? [id] : [];
        }),
    { prefix, field },
  );
}

/** The finished download's result link as the page keeps it. */
function keptDownloadLink(page: Page, taskId: string): Promise<unknown> {
  return page.evaluate(
    (id) =>
      Object.keys(sessionStorage)
        .filter((key) => key.startsWith('grabbit.downloads.'))
        .flatMap((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as Record<string, unknown>[])
        .find((item) => item.taskId === id)?.downloadUrl,
    taskId,
  );
}

/** A finished download's save button: "Save MP4", or the click-gate's count before it. */
const saveButton = (item: Locator) =>
  item.getByRole('button', { name: /^(Save MP4|Download \(\d clicks? to start\))$/ });

const readsOf = (requests: readonly string[], jobId: string) =>
  requests.filter((request) => request === `GET /api/jobs/${jobId}`).length;

describe('the one follower of downloads and conversions', () => {
  it('follows both by their job, and a reload keeps both', { timeout: 240_000 }, async () => {
    // A few hundred KB through the fixture site's slow path (64 KB/s): still running when the page reloads.
    await makeVideo(harness.site.dir, 'follow.mp4', { seconds: 8, width: 640, height: 360 });
    const png = await makePng(path.join(dir, 'follow.png'), 24, 16, 'teal');
    const context = await harness.browser.newContext({ acceptDownloads: true });
    const page = await openDownloaderTab(context, `${harness.server.url}/youtube-downloader`);
    const requests = recordApiRequests(page);

    // The download: started, then the page reloads while its job runs.
    await page
      .getByRole('textbox', { name: 'YouTube link 1' })
      .fill(harness.site.url('/throttle/follow.mp4'));
    await clickThroughGate(mainButton(page), 3, 'Download');
    await expect
      .poll(() => keptJobIds(page, 'grabbit.downloads.', 'taskId'), { timeout: 30_000 })
      .toHaveLength(1);
    const [taskId = ''] = await keptJobIds(page, 'grabbit.downloads.', 'taskId');
    await expect.poll(() => readsOf(requests, taskId), { timeout: 15_000 }).toBeGreaterThan(0);
    const statusAtReload = await page.getByTestId('queue-item').getAttribute('data-status');
    const readsBeforeReload = requests.length;
    await page.reload();
    await page.locator('[data-testid="downloader-page"][data-ready="true"]').waitFor({ timeout: 45_000 });

    const item = page.locator(`[data-testid="queue-item"][data-task-id="${taskId}"]`);
    await item.and(page.locator('[data-status="completed"]')).waitFor({ timeout: 90_000 });
    // Its result, to save: the finished file's link and its button.
    expect(await keptDownloadLink(page, taskId)).toMatch(/^\/api\/download\/file\//);
    await saveButton(item).waitFor();
    // It was still running when the page reloaded, and was followed again by its job's id.
    expect(statusAtReload).toMatch(/^(downloading|processing)$/);
    expect(readsOf(requests.slice(readsBeforeReload), taskId)).toBeGreaterThan(0);

    // The conversion, in the same tab: finished, then the page reloads.
    await openConverter(page, harness.server.url, '/png-converter');
    await chooseFiles(page, [png]);
    await startConversion(page);
    await expect.poll(() => queueStatuses(page), { timeout: 60_000 }).toEqual(['Completed']);
    const [jobId = ''] = await keptJobIds(page, 'grabbit.conversions.', 'jobId');
    expect(readsOf(requests, jobId)).toBeGreaterThan(0);
    const readsBeforeSecondReload = requests.length;
    await page.reload();
    await expect.poll(() => queueStatuses(page), { timeout: 30_000 }).toEqual(['Completed']);
    await page.getByRole('link', { name: 'Save JPG follow.jpg' }).waitFor();
    expect(readsOf(requests.slice(readsBeforeSecondReload), jobId)).toBeGreaterThan(0);

    // Back on the downloader, the finished download is still listed, read again by its id.
    const readsBeforeReturn = requests.length;
    await page.goto(`${harness.server.url}/youtube-downloader`);
    await page.locator('[data-testid="downloader-page"][data-ready="true"]').waitFor({ timeout: 45_000 });
    await item.and(page.locator('[data-status="completed"]')).waitFor({ timeout: 15_000 });
    await saveButton(item).waitFor();
    await expect
      .poll(() => readsOf(requests.slice(readsBeforeReturn), taskId), { timeout: 15_000 })
      .toBeGreaterThan(0);

    // Nothing but the one job read followed them: no task or conversion status was polled.
    expect(requests.filter((request) => /^GET \/api\/convert\/jobs\//.test(request))).toEqual([]);
    expect(requests.filter((request) => /^GET \/api\/(download\/)?batch/.test(request))).toEqual([]);
    await context.close();
  });
});
