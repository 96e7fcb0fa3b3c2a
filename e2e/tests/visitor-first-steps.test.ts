// What a first-time visitor meets before and after the gate, on a desktop and a phone at the
// shipped limits: a link the server refuses says why on its row before any gate click (no preview
// promising a download), the home page's Go box takes a link without https://, a link typed into
// the prerendered page before its script ran is kept, a finished file can be deleted, a file
// already in the converter's output format is kept as it is (said at selection, never uploaded),
// and every kind of page names a 1200x630 og:image that the server serves.
import path from 'node:path';
import { routes } from '@grabbit/catalog';
import { apiRoutes } from '@grabbit/contracts/api-paths';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  clickThroughGate,
  mainButton,
  openDownloader,
  queueItems,
  useDownloaderHarness,
} from '../support/downloader';
import { visitorViewports } from '../support/viewports';
import { chooseFiles, makePng, openConverter, run, startConversion, useFixtureDir } from './convert-support';

const harness = useDownloaderHarness();
const dir = useFixtureDir();
const liveChannel = 'https://www.twitch.tv/somechannel';
const liveRefusal = 'Twitch live streams are not supported';

/** Opens `route` with the page's scripts held back until `typeFirst` ran on the prerendered HTML. */
async function typeBeforeScripts(
  viewport: { width: number; height: number },
  route: string,
  typeFirst: (page: Page) => Promise<void>,
) {
  const context = await harness.browser.newContext({ viewport });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(/\/assets\/.*\.js$/, async (request) => {
    await held;
    await request.continue();
  });
  const page = await context.newPage();
  await page.goto(`${harness.server.url}${route}`, { waitUntil: 'commit' });
  await typeFirst(page);
  release();
  return { context, page };
}

describe.each(visitorViewports)('a first-time visitor (%s)', (_name, viewport) => {
  it("sees a refused link's reason on its row before any gate click", async () => {
    const { context, page } = await openDownloader(harness, '/twitch-downloader', { viewport });
    await page.getByRole('textbox', { name: 'Twitch link 1' }).fill(liveChannel);
    await page.getByRole('alert').filter({ hasText: liveRefusal }).waitFor();
    // No preview says it can still be downloaded, and the main button does not count a click.
    expect(await page.getByText('you can still download it').count()).toBe(0);
    await mainButton(page).click();
    expect(await mainButton(page).getAttribute('data-gate-left')).toBe('3');
    await context.close();
  });

  it('keeps a link typed before the page script started', async () => {
    const { context, page } = await typeBeforeScripts(viewport, '/twitch-downloader', (held) =>
      held.getByRole('textbox', { name: 'Twitch link 1' }).fill(liveChannel),
    );
    await page.locator('[data-testid="downloader-page"][data-ready="true"]').waitFor({ timeout: 45_000 });
    // The page's state holds the link: the server's answer about it shows on the row.
    await page.getByRole('alert').filter({ hasText: liveRefusal }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Twitch link 1' }).inputValue()).toBe(liveChannel);
    await context.close();
  });

  it("takes a link without https:// in the home page's Go box", async () => {
    const context = await harness.browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${harness.server.url}/`);
    await page.getByTestId('connection-badge').waitFor({ timeout: 45_000 });
    const link = 'youtube.com/watch?v=abcdefghijk';
    const box = page.getByRole('search', { name: 'Download from a link' });
    await box.getByRole('textbox', { name: 'Paste a video link' }).fill(link);
    const checked = page.waitForResponse(
      (answer) => new URL(answer.url()).pathname === apiRoutes.validateUrl,
    );
    await box.getByRole('button', { name: 'Go' }).click();
    await page.waitForURL(/\/youtube-downloader\?url=/);
    await expect.poll(() => page.getByRole('textbox', { name: 'YouTube link 1' }).inputValue()).toBe(link);
    expect(await (await checked).json()).toMatchObject({ valid: true });
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('deletes a finished file from the server', { timeout: 120_000 }, async () => {
    const { context, page } = await openDownloader(harness, '/vimeo-downloader', { viewport });
    await page.getByRole('textbox', { name: 'Vimeo link 1' }).fill(harness.site.url('/a.mp4?delete=1'));
    await clickThroughGate(mainButton(page), 3, 'Download');
    const item = queueItems(page).and(page.locator('[data-status="completed"]'));
    await item.waitFor({ timeout: 90_000 });
    const deleted = page.waitForResponse((answer) => answer.request().method() === 'DELETE');
    await item.getByRole('button', { name: /^Delete/ }).click();
    expect((await deleted).status()).toBe(204);
    await expect.poll(() => queueItems(page).count(), { timeout: 15_000 }).toBe(0);
    await context.close();
  });

  it('keeps a JPEG as it is on the PNG page with JPG chosen, said at selection', async () => {
    const context = await harness.browser.newContext({ viewport });
    const page = await context.newPage();
    const jpeg = path.join(dir, `photo-${viewport.width}.jpeg`);
    await makePng(path.join(dir, 'source.png'), 12, 8, 'teal');
    await run('/usr/bin/convert', [path.join(dir, 'source.png'), `jpeg:${jpeg}`]);
    const uploads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/convert/') || pathname.startsWith('/api/uploads')) uploads.push(pathname);
    });
    await openConverter(page, harness.server.url, '/png-converter');
    await expect.poll(() => page.getByLabel('Output format').textContent()).toBe('JPG');
    await chooseFiles(page, [jpeg]);
    const note = 'Already in JPG format: kept as it is, not converted.';
    expect(await page.getByTestId('kept-as-is').textContent()).toBe(note);
    await startConversion(page);
    const item = page.locator('[data-testid="conversion-queue-item"][data-status="completed"]');
    await item.waitFor();
    expect(await item.getByTestId('conversion-status').textContent()).toBe(note);
    expect(uploads).toEqual([]);
    await context.close();
  });
});

describe('shared links', () => {
  const kinds = ['home', 'downloader', 'converter'] as const;
  it.each(kinds)('the %s pages name a 1200x630 og:image the server serves', async (kind) => {
    const route = routes.find((entry) => entry.kind === kind);
    const html = await (await fetch(`${harness.server.url}${route?.path}`)).text();
    const image = /<meta property="og:image" content="(https?:\/\/[^"]+)"/.exec(html)?.[1];
    expect(image).toBeDefined();
    const answer = await fetch(`${harness.server.url}${new URL(image ?? '').pathname}`);
    expect(answer.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await answer.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
