import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { platformById, platforms, type Platform, type PlatformId } from '@grabbit/catalog';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAccessPools, type AccessPools } from './access-pools';
import { refuseWithoutSession, sessionGiven } from './site-unavailable';

let dir: string;
let told: string[];
let pools: AccessPools;
const platform = (id: PlatformId) => platformById(id) as Platform;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-unavailable-'));
  told = [];
  const budgets = Object.fromEntries(platforms.map((p) => [p.id, 300])) as Record<PlatformId, number>;
  pools = openAccessPools(
    { COOKIES_DIR: dir, ACCESS_SESSION_BUDGETS: budgets, YTDLP_PROXIES: {}, ACCESS_COOLDOWN_SECONDS: 300 },
    { log: { warn: (fields, message) => told.push(`${String(fields.platform)}: ${message}`) } },
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a site that needs a login, without a session', () => {
  it('is refused while its pool is set up, and told once until it has a session again', async () => {
    mkdirSync(path.join(dir, 'instagram'));
    const instagram = platform('instagram');
    for (let i = 0; i < 2; i += 1)
      await expect(refuseWithoutSession(pools, instagram)).rejects.toMatchObject({
        code: 'SITE_UNAVAILABLE',
        statusCode: 503,
      });
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/^instagram: Instagram needs a login/);
    sessionGiven(pools, instagram);
    await expect(refuseWithoutSession(pools, instagram)).rejects.toThrow('Instagram');
    expect(told).toHaveLength(2);
  });

  it('is not refused when its pool is not set up, nor a site that needs no login', async () => {
    await expect(refuseWithoutSession(pools, platform('instagram'))).resolves.toBeUndefined();
    mkdirSync(path.join(dir, 'vimeo'));
    await expect(refuseWithoutSession(pools, platform('vimeo'))).resolves.toBeUndefined();
    expect(told).toEqual([]);
  });
});
