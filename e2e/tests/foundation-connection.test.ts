// Connection detection in Chromium: with the backend answering, the badge shows the connection
// type; with its health check failing, the Connection Error screen appears and Retry Connection
// reloads the page (which then connects).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startServerAndBrowser } from '../support/session';

const session = startServerAndBrowser();
let page: Page;

beforeAll(async () => {
  page = await session.browser.newPage();
});

describe('connection detection', () => {
  it('shows the chosen connection type once the backend answers', async () => {
    await page.goto(`${session.server.url}/`);
    const badge = page.getByTestId('connection-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('HTTP connection');
    expect(await badge.getAttribute('data-api')).toBe(`${session.server.url}/api`);
  });

  it('shows Connection Error when the backend is down, and Retry Connection reloads', async () => {
    let healthChecks = 0;
    await page.route('**/health', (route) => {
      healthChecks += 1;
      return route.abort('connectionrefused');
    });
    await page.goto(`${session.server.url}/youtube-downloader`);
    await page.getByRole('heading', { name: 'Connection Error' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('could not be reached');
    expect(healthChecks).toBe(1);

    // The backend is back: Retry reloads the page, which then detects it.
    await page.unroute('**/health');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Retry Connection' }).click();
    await reloaded;
    await page.getByTestId('connection-badge').waitFor();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('YouTube Video Downloader');
  });

  it('checks the backend once per page load, however many parts ask', async () => {
    const checks: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/health')) checks.push(request.url());
    });
    await page.goto(`${session.server.url}/png-converter`);
    await page.getByTestId('connection-badge').waitFor();
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'JPEG Converter' })
      .click();
    await page.waitForURL(`${session.server.url}/jpeg-converter`);
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('JPEG Converter');
    expect(checks).toEqual([`${session.server.url}/health`]);
  });
});
