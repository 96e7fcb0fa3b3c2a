// The layout shell in Chromium: sidebar groups open by default and collapse, converter sub-groups
// open one at a time, the active link is highlighted, the phone drawer opens and closes, side ad
// columns appear only on extra-wide screens.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectConsoleErrors, type ConsoleErrors } from '../support/page';
import { startServerAndBrowser } from '../support/session';

const session = startServerAndBrowser();
let page: Page;
let errors: ConsoleErrors;

beforeAll(async () => {
  page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
  errors = collectConsoleErrors(page);
});

async function visit(target: Page, path: string): Promise<void> {
  await target.goto(`${session.server.url}${path}`);
  await target.getByTestId('connection-badge').waitFor({ timeout: 15_000 });
}

const sidebar = () => page.getByRole('complementary', { name: 'Sidebar' });
const groupButton = (name: string) => sidebar().getByRole('button', { name, exact: true });
const visibleLink = (name: string) => sidebar().getByRole('link', { name, exact: true });

describe('sidebar on a wide screen', () => {
  it('shows the product name and three groups, open by default', async () => {
    await visit(page, '/');
    expect(await sidebar().getByRole('link', { name: 'Grabbit' }).isVisible()).toBe(true);
    for (const name of ['Video downloaders', 'Adult video downloaders', 'Format converters']) {
      expect(await groupButton(name).getAttribute('aria-expanded')).toBe('true');
    }
    expect(await visibleLink('YouTube Downloader').isVisible()).toBe(true);
    expect(await visibleLink('Pornhub Downloader').isVisible()).toBe(true);
    expect(await visibleLink('PNG Converter').isVisible()).toBe(true);
    // Each entry has its icon.
    expect(await visibleLink('YouTube Downloader').locator('svg').count()).toBe(1);
  });

  it('collapses and reopens a group', async () => {
    await groupButton('Video downloaders').click();
    expect(await groupButton('Video downloaders').getAttribute('aria-expanded')).toBe('false');
    expect(await visibleLink('YouTube Downloader').isVisible()).toBe(false);
    await groupButton('Video downloaders').click();
    expect(await visibleLink('YouTube Downloader').isVisible()).toBe(true);
  });

  it('opens the converter sub-groups one at a time', async () => {
    expect(await groupButton('Image').getAttribute('aria-expanded')).toBe('true');
    expect(await groupButton('Video').getAttribute('aria-expanded')).toBe('false');
    await groupButton('Video').click();
    expect(await groupButton('Video').getAttribute('aria-expanded')).toBe('true');
    expect(await groupButton('Image').getAttribute('aria-expanded')).toBe('false');
    expect(await visibleLink('MP4 Converter').isVisible()).toBe(true);
    expect(await visibleLink('PNG Converter').isVisible()).toBe(false);
    await groupButton('Audio').click();
    expect(await groupButton('Video').getAttribute('aria-expanded')).toBe('false');
    expect(await visibleLink('MP3 Converter').isVisible()).toBe(true);
    // The open one closes on its own button too.
    await groupButton('Audio').click();
    expect(await groupButton('Audio').getAttribute('aria-expanded')).toBe('false');
  });

  it('highlights the active link and opens its sub-group', async () => {
    await visit(page, '/mp3-converter');
    expect(await visibleLink('MP3 Converter').getAttribute('aria-current')).toBe('page');
    expect(await groupButton('Audio').getAttribute('aria-expanded')).toBe('true');
    expect(await visibleLink('YouTube Downloader').getAttribute('aria-current')).toBeNull();
    await visibleLink('YouTube Downloader').click();
    await page.waitForURL(`${session.server.url}/youtube-downloader`);
    await expect.poll(() => visibleLink('YouTube Downloader').getAttribute('aria-current')).toBe('page');
    expect(await visibleLink('MP3 Converter').getAttribute('aria-current')).toBeNull();
    expect(errors.messages).toEqual([]);
  });

  it('has the banner slot, slogan and footer, and no side columns below extra-wide', async () => {
    expect(await page.locator('[data-ad-slot="970x90"]').first().isVisible()).toBe(true);
    expect(await page.locator('header').textContent()).toContain(
      'free video downloader and converter platform',
    );
    expect(await page.locator('footer').textContent()).toContain('YouTube, TikTok, Instagram and more');
    expect(await page.getByTestId('side-ads-left').isVisible()).toBe(false);
  });

  it('shows three 160x600 slots on each side on extra-wide screens', async () => {
    const wide = await session.browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await visit(wide, '/');
    for (const side of ['left', 'right']) {
      const column = wide.getByTestId(`side-ads-${side}`);
      expect(await column.isVisible()).toBe(true);
      expect(await column.locator('[data-ad-slot="160x600"]').count()).toBe(3);
      const box = await column.locator('[data-ad-slot]').first().boundingBox();
      expect([box?.width, box?.height]).toEqual([160, 600]);
    }
    await wide.close();
  });
});

describe('drawer on a phone', () => {
  let phone: Page;
  beforeAll(async () => {
    phone = await session.browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await visit(phone, '/');
  });
  afterAll(() => phone.close());

  const drawer = () => phone.getByRole('dialog');

  it('hides the sidebar and opens the drawer from the menu button', async () => {
    expect(await phone.getByRole('complementary', { name: 'Sidebar' }).isVisible()).toBe(false);
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await drawer().waitFor();
    expect(await drawer().getByRole('link', { name: 'TikTok Downloader' }).isVisible()).toBe(true);
  });

  it('closes with the close button', async () => {
    await drawer().getByRole('button', { name: 'Close menu' }).click();
    await drawer().waitFor({ state: 'detached' });
  });

  it('closes with the overlay', async () => {
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await drawer().waitFor();
    // A tap right of the 256 px drawer lands on the overlay.
    await phone.mouse.click(370, 400);
    await drawer().waitFor({ state: 'detached' });
  });

  it('closes after following a link, on the new page', async () => {
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await drawer().getByRole('link', { name: 'TikTok Downloader' }).click();
    await phone.waitForURL(`${session.server.url}/tiktok-downloader`);
    await drawer().waitFor({ state: 'detached' });
    await expect.poll(() => phone.locator('main h1').first().textContent()).toBe('TikTok Video Downloader');
  });

  it('fits the phone: nothing scrolls sideways', async () => {
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
