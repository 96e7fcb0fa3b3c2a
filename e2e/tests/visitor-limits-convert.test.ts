// A visitor at the shipped limits (3 running jobs per client, 10 job starts a minute): 20 PNGs
// dropped on the PNG converter at once, then 14 more on a phone, all complete without a wait for
// the next minute. One press of Convert is one job start; the page runs as many conversions at
// once as the server allows.
import path from 'node:path';
import type { Request } from 'playwright-core';
import { apiAreas } from '@grabbit/contracts/api-paths';
import { describe, expect, it } from 'vitest';
import { startServerAndBrowser } from '../support/session';
import {
  chooseFiles,
  makePng,
  openConverter,
  queueStatuses,
  startConversion,
  useFixtureDir,
} from './convert-support';

const session = startServerAndBrowser();
const dir = useFixtureDir();

const isConversion = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname.startsWith(apiAreas.convert);

describe.each([
  ['desktop', 20, { width: 1280, height: 900 }],
  ['phone', 14, { width: 375, height: 740 }],
] as const)('PNG converter at the shipped limits (%s)', (name, count, viewport) => {
  it(
    `converts ${count} files dropped at once, never more than 3 at a time`,
    { timeout: 240_000 },
    async () => {
      const files = await Promise.all(
        Array.from({ length: count }, (_, index) =>
          makePng(path.join(dir, `${name}-${index}.png`), 8 + index, 8, index % 2 ? 'navy' : 'orange'),
        ),
      );
      const context = await session.browser.newContext({ viewport });
      const page = await context.newPage();
      let inFlight = 0;
      let mostAtOnce = 0;
      const refused: string[] = [];
      page.on('request', (request) => {
        if (!isConversion(request)) return;
        inFlight += 1;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
      });
      const settled = (request: Request) => {
        if (isConversion(request)) inFlight -= 1;
      };
      page.on('requestfinished', settled);
      page.on('requestfailed', settled);
      // Any refusal for pacing: a conversion's start, its status reads or its result.
      page.on('response', (response) => {
        const api = new URL(response.url()).pathname.startsWith('/api/');
        if (api && response.status() === 429) refused.push(response.url());
      });

      await openConverter(page, session.server.url, '/png-converter');
      await chooseFiles(page, files);
      await startConversion(page);
      await expect
        .poll(() => queueStatuses(page), { timeout: 200_000, interval: 1000 })
        .toEqual(Array.from({ length: count }, () => 'Completed'));
      expect(mostAtOnce).toBeLessThanOrEqual(3);
      // The batch spent one job start, and following its jobs never ran out of the API budget: no
      // refusal made a file wait for the next minute.
      expect(refused).toEqual([]);
      await context.close();
    },
  );
});
