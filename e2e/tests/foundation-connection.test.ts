// Connection detection in Chromium: with the backend answering, the badge shows the connection
// type; with its health check failing, the Connection Error screen appears and Retry Connection
// reloads the page (which then connects).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('connection detection', () => {
  it('shows the chosen connection type once the backend answers', async () => {
    await page.goto(`${server.url}/`);
    const badge = page.getByTestId('connection-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('HTTP connection');
    expect(await badge.getAttribute('data-api')).toBe(`${server.url}/api`);
  });

  it('shows Connection Error when the backend is down, and Retry Connection reloads', async () => {
    let healthChecks = 0;
    await page.route('**/health', (route) => {
      healthChecks += 1;
      return route.abort('connectionrefused');
    });
    await page.goto(`${server.url}/youtube-downloader`);
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
    await page.goto(`${server.url}/png-converter`);
    await page.getByTestId('connection-badge').waitFor();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'JPEG Converter' }).click();
    await page.waitForURL(`${server.url}/jpeg-converter`);
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('JPEG Converter');
    expect(checks).toEqual([`${server.url}/health`]);
  });
});
