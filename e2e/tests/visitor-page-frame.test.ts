// The frame around the tools, as a visitor on a phone or a desktop meets it: the phone menu closes
// with one Escape and gives focus back to its button; the connection badge covers no control at any
// scroll position; banner slots show their own size (320x50 on phones), never a wide one squeezed;
// downloader and converter pages share one layout; their dropdowns are styled, labelled and work
// from the keyboard. Shipped limits, production build.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startServerAndBrowser } from '../support/session';
import { desktop, phone, visitorViewports } from '../support/viewports';
import { chooseFiles, makePng, startConversion, useFixtureDir } from './convert-support';

const session = startServerAndBrowser();
const dir = useFixtureDir();
const smallPhones = [
  ['360x640', { width: 360, height: 640 }],
  ['320x568', { width: 320, height: 568 }],
] as const;
const routes = ['/', '/youtube-downloader', '/png-converter', '/mp3-converter'];

async function open(viewport: { width: number; height: number }, route: string): Promise<Page> {
  const page = await session.browser.newPage({ viewport, isMobile: viewport.width < 500, hasTouch: true });
  await page.goto(`${session.server.url}${route}`);
  await page.getByTestId('connection-badge').waitFor({ timeout: 45_000 });
  return page;
}

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);

describe.each([...smallPhones, ['phone', phone]] as const)('the phone menu (%s)', (_name, viewport) => {
  it('closes with one Escape and gives focus back to the menu button', async () => {
    const page = await open(viewport, '/youtube-downloader');
    const menu = page.getByRole('button', { name: 'Open menu' });
    for (let round = 0; round < 2; round += 1) {
      await menu.click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(() => focusedName(page)).toBe('Open menu');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
    }
    // Opened from the keyboard too.
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe('Open menu');
    await page.close();
  });
});

describe('the menu on a desktop', () => {
  it('is the sidebar itself: no menu button to close', async () => {
    const page = await open(desktop, '/youtube-downloader');
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    expect(await page.getByRole('complementary', { name: 'Sidebar' }).isVisible()).toBe(true);
    await page.close();
  });
});

/** The controls the badge overlaps at one scroll position, and where the page then stands. */
function badgeOverlapsAt(page: Page, top: number) {
  // Synchronous on purpose: no frame or timer to wait for, which headless Chromium does not always
  // run, and the boxes read force the layout of the position just scrolled to.
  return page.evaluate((top) => {
    window.scrollTo({ top, behavior: 'instant' });
    const badge = document.querySelector('[data-testid="connection-badge"]');
    const controls = [
      ...document.querySelectorAll('a[href], button, input, select, textarea, summary, [role="combobox"]'),
    ];
    const b = badge?.getBoundingClientRect();
    const hits = b
      ? controls.flatMap((control) => {
          const c = control.getBoundingClientRect();
          if (c.width === 0 || c.height === 0) return [];
          const overlaps = c.left < b.right && b.left < c.right && c.top < b.bottom && b.top < c.bottom;
          return overlaps ? [control.outerHTML.slice(0, 80)] : [];
        })
      : ['no badge'];
    const { scrollY, innerHeight } = window;
    return {
      hits,
      scrollY,
      innerHeight,
      bottom: scrollY + innerHeight >= document.documentElement.scrollHeight,
    };
  }, top);
}

/**
 * Every control the badge overlaps, checked at scroll positions half a screen apart down to the
 * bottom of the page (or until the page no longer scrolls further). Each look is bounded, so a page
 * that stops answering fails with where it stood instead of hanging the test.
 */
async function controlsUnderBadge(page: Page, viewportHeight: number): Promise<string[]> {
  const step = Math.floor(viewportHeight / 2);
  const hits = new Set<string>();
  let lastY = -1;
  for (let top = 0, looks = 0; looks < 100; looks += 1) {
    const look = await Promise.race([
      badgeOverlapsAt(page, top),
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`the page did not answer at scroll position ${top}`)),
          30_000,
        ).unref(),
      ),
    ]);
    for (const hit of look.hits) hits.add(hit);
    if (look.bottom || look.scrollY === lastY) return [...hits];
    lastY = look.scrollY;
    top = look.scrollY + step;
  }
  return [...hits, 'still not at the bottom after 100 looks'];
}

/** The visible ad slots and the size each is drawn at, e.g. "728x90 at 728x90". */
function visibleSlots(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-ad-slot]')]
      .filter((slot) => slot.getClientRects().length > 0)
      .map((slot) => {
        const box = slot.getBoundingClientRect();
        return `${slot.dataset.adSlot} at ${Math.round(box.width)}x${Math.round(box.height)}`;
      }),
  );
}

// One page per screen and route for both looks: opening a page is most of a look's time.
describe.each([...smallPhones, ['phone', phone], ['desktop', desktop]] as const)(
  'the connection badge and banner slots (%s)',
  (name, viewport) => {
    it.each(routes)('on %s: the badge covers no control; slots show their own size', async (route) => {
      const page = await open(viewport, route);
      const slots = await visibleSlots(page);
      expect(slots.length).toBeGreaterThan(1);
      for (const slot of slots) expect(slot).toMatch(/^(\d+x\d+) at \1$/);
      const wide = slots.filter((slot) => /^(728x90|970x90) /.test(slot));
      if (name === 'desktop') expect(wide.length).toBeGreaterThan(0);
      else expect(wide).toEqual([]);
      expect(await controlsUnderBadge(page, viewport.height)).toEqual([]);
      await page.close();
    });
  },
);

/** The tool page's parts, top to bottom, with their left edge, width and the gap above each. */
function toolParts(page: Page) {
  return page.evaluate(() => {
    const parts = [...document.querySelectorAll<HTMLElement>('[data-tool-part]')].filter(
      (part) => part.getClientRects().length > 0,
    );
    return parts.map((part, index) => {
      const box = part.getBoundingClientRect();
      const above = parts[index - 1]?.getBoundingClientRect();
      return {
        part: part.dataset.toolPart,
        left: Math.round(box.left),
        width: Math.round(box.width),
        gapAbove: above ? Math.round(box.top - above.bottom) : 0,
      };
    });
  });
}

describe.each(visitorViewports)('downloader and converter pages (%s)', (_name, viewport) => {
  it('share one layout: title, card, queue, help in the same place and spacing', async () => {
    const downloader = await open(viewport, '/youtube-downloader');
    const converter = await open(viewport, '/png-converter');
    const downloaderParts = await toolParts(downloader);
    expect(downloaderParts.map((p) => p.part)).toEqual(['title', 'card', 'help']);
    expect(await toolParts(converter)).toEqual(downloaderParts);

    // The queue takes its place between card and help once it has an item, at the same spacing.
    await converter
      .getByRole('button', { name: 'Browse files' })
      .and(converter.locator(':enabled'))
      .waitFor();
    await chooseFiles(converter, [await makePng(path.join(dir, 'dot.png'), 4, 4, 'red')]);
    await startConversion(converter);
    await converter
      .getByTestId('conversion-status')
      .filter({ hasText: 'Completed' })
      .waitFor({ timeout: 60_000 });
    const withQueue = await toolParts(converter);
    expect(withQueue.map((p) => p.part)).toEqual(['title', 'card', 'queue', 'help']);
    // Everything else stays where it was; the queue sits one layout gap (32 px) under the card.
    expect(withQueue.filter((p) => p.part !== 'queue')).toEqual(downloaderParts);
    expect(withQueue[2]).toMatchObject({
      gapAbove: 32,
      left: withQueue[1]?.left,
      width: withQueue[1]?.width,
    });
    await downloader.close();
    await converter.close();
  });

  it('have styled, labelled dropdowns only, usable from the keyboard', async () => {
    const page = await open(viewport, '/mp3-converter');
    // Interactive once hydrated.
    await page.getByRole('button', { name: 'Browse files' }).and(page.locator(':enabled')).waitFor();
    await page.getByText('Options', { exact: true }).click();
    expect(await page.locator('select:not([aria-hidden="true"])').count()).toBe(0);
    const bitRate = page.getByRole('combobox', { name: 'Audio bit rate' });
    expect(await bitRate.textContent()).toBe('Automatic');
    await bitRate.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    // The open list moves focus to its chosen option once placed: keys before that would go nowhere.
    const focusedOption = () =>
      page.evaluate(() =>
        document.activeElement?.getAttribute('role') === 'option' ? document.activeElement.textContent : null,
      );
    await expect.poll(focusedOption).toBe('Automatic');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedOption).toBe('96 kbit/s');
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expect.poll(() => bitRate.textContent()).toBe('96 kbit/s');
    expect(await focusedName(page)).toBe('BUTTON');

    const format = page.getByRole('combobox', { name: 'Output format' });
    await format.focus();
    await page.keyboard.press('Space');
    await page.getByRole('option', { name: 'WAV' }).click();
    await expect.poll(() => format.textContent()).toBe('WAV');

    const downloader = await open(viewport, '/youtube-downloader');
    expect(await downloader.locator('select:not([aria-hidden="true"])').count()).toBe(0);
    const downloadFormat = downloader.getByRole('combobox', { name: 'Format' });
    await expect.poll(() => downloadFormat.textContent()).toMatch(/^MP4/);
    // A letter typed on the closed dropdown picks the next choice that starts with it (its list is
    // made when the dropdown is reached, not as the page turns live).
    await downloader.locator('[data-testid="downloader-page"][data-ready="true"]').waitFor();
    await downloadFormat.focus();
    await downloader.keyboard.press('w');
    await expect.poll(() => downloadFormat.textContent()).toBe('WEBM');
    await page.close();
    await downloader.close();
  });
});
