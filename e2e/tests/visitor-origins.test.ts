// Pages as a self-hosting operator serves them and as a returning visitor has them: opened from a
// LAN host name over plain HTTP (not a secure context: no crypto.randomUUID, no clipboard), a
// downloader page and a converter page work end to end; a stale auth_token in storage does not
// stop a conversion; the TikTok page asks for the watermark-free file; icon-only buttons show
// tooltips; neither page logs a console error there.
import path from 'node:path';
import { authTokenStorageKey } from '@grabbit/catalog';
import { apiPath, apiRoutes } from '@grabbit/contracts/api-paths';
import { describe, expect, it } from 'vitest';
import { lanOrigin } from '../support/chromium';
import { collectConsoleErrors } from '../support/page';
import {
  clickThroughGate,
  mainButton,
  openDownloader,
  queueItems,
  useDownloaderHarness,
  waitForStatus,
} from '../support/downloader';
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

describe('a LAN host name over plain HTTP', () => {
  it('runs a download end to end', async () => {
    const origin = lanOrigin(harness.server.port);
    const { context, page } = await openDownloader(harness, '/vimeo-downloader', { origin });
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    expect(await page.getByTestId('connection-badge').getAttribute('data-api')).toBe(`${origin}/api`);
    await page.getByRole('textbox', { name: 'Vimeo link 1' }).fill(harness.site.url('/a.mp4'));
    await clickThroughGate(mainButton(page), 3, 'Download');
    await waitForStatus(page, 0, 'completed');
    await context.close();
  });

  it('runs a conversion end to end', async () => {
    const context = await harness.browser.newContext();
    const page = await context.newPage();
    await openConverter(page, lanOrigin(harness.server.port), '/png-converter');
    await chooseFiles(page, [await makePng(path.join(dir, 'lan.png'), 16, 16, 'teal')]);
    await startConversion(page);
    await expect.poll(() => queueStatuses(page), { timeout: 30_000 }).toEqual(['Completed']);
    await context.close();
  });
});

describe('the console on a LAN host name', () => {
  it('shows no error on a downloader page and a converter page', async () => {
    const origin = lanOrigin(harness.server.port);
    const context = await harness.browser.newContext();
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${origin}/vimeo-downloader`);
    await page.locator('[data-testid="downloader-page"][data-ready="true"]').waitFor({ timeout: 45_000 });
    await page.getByTestId('connection-badge').waitFor({ timeout: 45_000 });
    await openConverter(page, origin, '/png-converter');
    expect(errors.messages).toEqual([]);
    await context.close();
  });
});

describe('a returning visitor', () => {
  it('converts although storage holds an auth_token the server does not know', async () => {
    const context = await harness.browser.newContext();
    await context.addInitScript((key) => {
      // Set once, before the page's own scripts: a key from an old deployment or a test.
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem(key, 'an-old-key-nobody-knows');
      }
    }, authTokenStorageKey);
    const page = await context.newPage();
    await openConverter(page, harness.server.url, '/png-converter');
    await chooseFiles(page, [await makePng(path.join(dir, 'stale.png'), 16, 16, 'olive')]);
    await startConversion(page);
    await expect.poll(() => queueStatuses(page), { timeout: 30_000 }).toEqual(['Completed']);
    // The refused token is gone: the next calls go out as an anonymous visitor at once.
    expect(await page.evaluate((key) => localStorage.getItem(key), authTokenStorageKey)).toBeNull();
    await context.close();
  });
});

describe('the TikTok page', () => {
  it('asks for the watermark-free file', async () => {
    const { context, page } = await openDownloader(harness, '/tiktok-downloader');
    const started = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        new URL(request.url()).pathname === apiPath(apiRoutes.download, { platform: 'tiktok' }),
    );
    await page.getByRole('textbox', { name: 'TikTok link 1' }).fill(harness.site.url('/a.mp4'));
    // TikTok links are posts: the page lists the post's items, each downloads with its own button.
    await clickThroughGate(mainButton(page), 3, 'Download');
    const item = queueItems(page).first();
    await item.and(page.locator('[data-status="pending"]')).waitFor({ timeout: 60_000 });
    await clickThroughGate(item.getByRole('button'), 2, 'Download');
    expect((await started).postDataJSON()).toMatchObject({ removeWatermark: true });
    await waitForStatus(page, 0, 'completed');
    await context.close();
  });
});

describe('icon-only controls', () => {
  it('show their label as a tooltip', async () => {
    const { context, page } = await openDownloader(harness, '/vimeo-downloader');
    const add = page.getByRole('button', { name: 'Add another link' });
    // The tooltip code loads once the page is interactive; hovering before that shows nothing.
    await expect.poll(() => add.getAttribute('data-state')).toBe('closed');
    await add.hover();
    await page.getByTestId('tooltip').filter({ hasText: 'Add another link' }).waitFor();
    await context.close();
  });
});
