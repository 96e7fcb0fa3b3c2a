// Helpers for the downloader-page browser tests: the real server with the offline-testing switch
// pointing at the local fixture site, and the steps a visitor takes on the page.
import { execFileSync } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../apps/server/test/support/fixture-site';
import { launchChromium } from './chromium';
import { startControlSite, type ControlSite } from './control-site';
import { startMonetizationSite, type MonetizationSite } from './monetization-site';
import { startServer, type RunningServer } from './server';

export interface DownloaderHarness {
  site: FixtureSite;
  control: ControlSite;
  server: RunningServer;
  browser: Browser;
  /** The local sponsor and ad stand-in the server points at (only when asked for). */
  sponsors: MonetizationSite;
  close: () => Promise<void>;
}

export interface DownloaderHarnessOptions {
  /** Start the local sponsor and ad stand-in and point the server's monetization settings at it. */
  sponsors?: boolean;
  /** More server environment (applied after the sponsor settings). */
  env?: Record<string, string>;
  /** Serve the fixture site's /preview/ pages too (three renditions, subtitles). */
  preview?: boolean;
}

async function startDownloaderHarness(options: DownloaderHarnessOptions = {}): Promise<DownloaderHarness> {
  const sponsors = options.sponsors ? await startMonetizationSite() : undefined;
  const site = await startFixtureSite({ preview: options.preview });
  const control = await startControlSite(site.dir);
  const [server, browser] = await Promise.all([
    startServer({
      env: { MEDIA_TEST_HOSTS: `${site.host},${control.host}`, ...sponsors?.env, ...options.env },
    }),
    launchChromium(),
  ]);
  return {
    site,
    control,
    server,
    browser,
    get sponsors() {
      if (!sponsors) throw new Error('this harness was started without the sponsor stand-in');
      return sponsors;
    },
    close: async () => {
      await browser.close();
      await server.stop();
      await control.close();
      await site.close();
      await sponsors?.close();
    },
  };
}

/**
 * The usual frame of a downloader test file: the harness starts before the file's tests and stops
 * after them. Its parts can be read once the file's first beforeAll ran.
 */
export function useDownloaderHarness(options: DownloaderHarnessOptions = {}): DownloaderHarness {
  let started: DownloaderHarness | undefined;
  beforeAll(async () => {
    started = await startDownloaderHarness(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  const get = (): DownloaderHarness => {
    if (!started) throw new Error('the downloader harness starts in beforeAll');
    return started;
  };
  return {
    get site() {
      return get().site;
    },
    get control() {
      return get().control;
    },
    get server() {
      return get().server;
    },
    get browser() {
      return get().browser;
    },
    get sponsors() {
      return get().sponsors;
    },
    close: () => get().close(),
  };
}

/** A fresh context (own local storage) with downloads accepted, on a downloader page, hydrated. */
export async function openDownloader(
  harness: DownloaderHarness,
  route: string,
  options: { viewport?: { width: number; height: number }; origin?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await harness.browser.newContext({
    acceptDownloads: true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  const page = await openDownloaderTab(context, `${options.origin ?? harness.server.url}${route}`);
  return { context, page };
}

/** A downloader page in a tab of `context`, once connected and interactive. */
export async function openDownloaderTab(context: BrowserContext, address: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(address);
  // Generous: the machine may be busy.
  await page.getByTestId('connection-badge').waitFor({ timeout: 45_000 });
  // Interactive once hydrated: from then on clicks and typing reach the page's handlers.
  await page.locator('[data-testid="downloader-page"][data-ready="true"]').waitFor();
  return page;
}

export const mainButton = (page: Page) => page.getByTestId('main-download-button');

/** Clicks a gated button until its action runs, checking the countdown label on the way. */
export async function clickThroughGate(
  button: ReturnType<Page['locator']>,
  clicks: number,
  /** The gated button's action word: Download, Convert, or what a zip button says it saves. */
  word: string,
): Promise<void> {
  for (let left = clicks; left >= 1; left -= 1) {
    // The labelled one: a finished item also has its Delete button.
    const labelled = button.filter({ hasText: `${word} (${left} click${left === 1 ? '' : 's'} to start)` });
    await labelled.waitFor();
    await labelled.click();
  }
}

/** The queue items, and the one at `index`. */
export const queueItems = (page: Page) => page.getByTestId('queue-item');

/** Waits for a queue item's status (data-status) to become `status`. */
export async function waitForStatus(
  page: Page,
  index: number,
  status: string,
  timeout = 60_000,
): Promise<void> {
  await page
    .locator(`[data-testid="queue-item"]:nth-child(${index + 1})[data-status="${status}"]`)
    .waitFor({ timeout });
}

/** ffprobe's view of a file: container format name and stream codec types. */
export function probe(file: string): { format: string; streams: string[] } {
  const json = JSON.parse(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=format_name:stream=codec_type',
      '-of',
      'json',
      file,
    ]).toString(),
  ) as { format: { format_name: string }; streams: { codec_type: string }[] };
  return { format: json.format.format_name, streams: json.streams.map((s) => s.codec_type) };
}
