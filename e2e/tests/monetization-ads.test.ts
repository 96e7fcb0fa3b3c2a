// Ad slots in Chromium with the ad settings pointing at a local stand-in network: scripts under
// the network path containing the slot's key, the key/size/format settings, loading then loaded,
// 'Ad loading...' and one retry for a slot without a frame, 100 ms between slots, placeholders for
// sizes without a key, and the adult key set on adult pages.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDownloader, useDownloaderHarness } from '../support/downloader';

// The sponsor stand-in also plays the ad network.
const harness = useDownloaderHarness({ sponsors: true });

const invokesSince = (start: number) =>
  harness.sponsors.hits.filter((hit) => hit.at >= start && hit.path.endsWith('/invoke.js'));
const slot = (page: Page, size: string) => page.locator(`[data-ad-slot="${size}"]:visible`);

describe('ad slots', () => {
  it('load the regular keys with their settings, one slot at a time', async () => {
    const start = Date.now();
    const { context, page } = await openDownloader(harness, '/youtube-downloader');
    const banner = slot(page, '728x90').first();
    await banner.locator('[data-ad-state="loaded"]').waitFor({ timeout: 10_000 });
    const frame = banner.locator('iframe[data-network-key="reg728"]');
    expect(await frame.getAttribute('width')).toBe('728');
    expect(await frame.getAttribute('height')).toBe('90');
    expect(await frame.getAttribute('data-format')).toBe('iframe');

    // 300x250 has a key whose script draws no frame: 'Ad loading...' after 3 s, one retry after 2 s.
    await slot(page, '300x250').getByText('Ad loading...').waitFor({ timeout: 10_000 });
    await expect
      .poll(() => invokesSince(start).filter((hit) => hit.path === '/ads/noframe/invoke.js').length, {
        timeout: 10_000,
      })
      .toBe(2);
    await page.waitForTimeout(6000);
    expect(invokesSince(start).filter((hit) => hit.path === '/ads/noframe/invoke.js')).toHaveLength(2);

    const paths = invokesSince(start).map((hit) => hit.path);
    expect(paths.every((p) => /^\/ads\/(reg728|noframe)\/invoke\.js$/.test(p))).toBe(true);
    const times = invokesSince(start).map((hit) => hit.at);
    for (let i = 1; i < times.length; i += 1)
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(95);
    // No key for 970x90 (and the phone-only 320x50 is hidden here): placeholders, nothing loaded.
    expect(await page.locator('[data-ad-slot="970x90"] [data-ad-state]').count()).toBe(0);
    expect(paths.some((p) => p.includes('reg320'))).toBe(false);
    await context.close();
  });

  it('use the adult key set on adult pages', async () => {
    const start = Date.now();
    const { context, page } = await openDownloader(harness, '/xvideos-downloader');
    await slot(page, '728x90')
      .first()
      .locator('iframe[data-network-key="adu728"]')
      .waitFor({ timeout: 10_000 });
    const paths = invokesSince(start).map((hit) => hit.path);
    expect(paths).toContain('/ads/adu728/invoke.js');
    expect(paths.some((p) => p.includes('reg'))).toBe(false);
    // The adult set has no 300x250 key: that slot is a placeholder.
    expect(await slot(page, '300x250').locator('[data-ad-state]').count()).toBe(0);
    await context.close();
  });

  it('use the phone slot sizes on a phone', async () => {
    const start = Date.now();
    const { context, page } = await openDownloader(harness, '/youtube-downloader', {
      viewport: { width: 375, height: 740 },
    });
    // Every wide banner is a 320x50 slot here: the top one, the tool page's, the bottom one.
    await expect.poll(() => slot(page, '320x50').count()).toBe(3);
    const frames = page.locator('[data-ad-slot="320x50"]:visible iframe[data-network-key="reg320"]');
    await frames.first().waitFor({ timeout: 10_000 });
    await expect.poll(() => frames.count(), { timeout: 10_000 }).toBe(3);
    expect(invokesSince(start).some((hit) => hit.path.includes('reg728'))).toBe(false);
    await context.close();
  });
});
