// Every route of the catalog renders in Chromium from the production build with its heading, its
// own title and no console errors (hydration included); unknown paths answer the 404 page with
// HTTP 404; converter canonical addresses work too.
import { notFoundMeta, routes } from '@grabbit/catalog';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectConsoleErrors } from '../support/page';
import { startServerAndBrowser } from '../support/session';

const session = startServerAndBrowser();
let page: Page;
let errors: ReturnType<typeof collectConsoleErrors>;

beforeAll(async () => {
  page = await session.browser.newPage();
  errors = collectConsoleErrors(page);
});

/**
 * Opens a path and waits until the app has detected its connection and every code-split part has
 * loaded and hydrated (nothing left on the network): a hydration mismatch (React's error #418 in
 * the production build) is reported by then.
 */
async function visit(path: string): Promise<number | undefined> {
  errors.clear();
  const response = await page.goto(`${session.server.url}${path}`);
  await page.getByTestId('connection-badge').waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  return response?.status();
}

describe('every route', () => {
  it.each(routes.map((route) => [route.path, route] as const))(
    '%s renders its heading without console errors',
    async (path, route) => {
      expect(await visit(path)).toBe(200);
      await expect.poll(() => page.locator('main h1').first().textContent()).toBe(route.heading);
      expect(await page.title()).toBe(route.title);
      expect(errors.messages).toEqual([]);
    },
  );

  it('serves converter pages under their canonical address too', async () => {
    expect(await visit('/image-converter/png')).toBe(200);
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('PNG Converter');
    expect(errors.messages).toEqual([]);
  });
});

describe('unknown paths', () => {
  it('answer the 404 page with HTTP 404 and a way home', async () => {
    expect(await visit('/no-such-page')).toBe(404);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Page Not Found');
    await expect.poll(() => page.title()).toBe(notFoundMeta.title);
    expect(await page.locator('main').textContent()).toContain('does not exist or has been moved');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${session.server.url}/`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe(routes[0]?.heading);
    // The browser itself reports the 404 answer of the document; nothing else may fail.
    const documentStatus = /Failed to load resource: .* 404 .*\/no-such-page\)$/;
    expect(errors.messages.filter((message) => !documentStatus.test(message))).toEqual([]);
  });
});

describe('without JavaScript', () => {
  it('each page is readable from its HTML alone', async () => {
    const context = await session.browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    for (const path of ['/', '/youtube-downloader', '/png-converter']) {
      await plain.goto(`${session.server.url}${path}`);
      const route = routes.find((r) => r.path === path);
      expect(await plain.locator('main h1').first().textContent()).toBe(route?.heading);
      expect(await plain.locator('nav[aria-label="Tools"] a').count()).toBeGreaterThan(30);
    }
    await context.close();
  });
});
