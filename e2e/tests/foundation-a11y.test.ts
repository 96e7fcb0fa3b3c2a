// Accessibility scan (axe) of the main page kinds: no serious or critical violation.
import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { severeViolations } from '../support/axe';
import { startServerAndBrowser } from '../support/session';

const session = startServerAndBrowser();
let context: BrowserContext;

beforeAll(async () => {
  context = await session.browser.newContext();
});

describe('accessibility', () => {
  it.each(['/', '/youtube-downloader', '/png-converter'])(
    '%s has no serious or critical violation',
    async (path) => {
      const page = await context.newPage();
      await page.goto(`${session.server.url}${path}`);
      await page.getByTestId('connection-badge').waitFor();
      expect(await severeViolations(page)).toEqual([]);
      await page.close();
    },
  );
});
