import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { platforms, type PlatformId } from '@grabbit/catalog';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryAccessLedger } from './memory-access-ledger';
import { SessionPool, sessionRescanMs } from './session-pool';

let dir: string;
let now: number;
const budgets = (perHour: number, own: Partial<Record<PlatformId, number>> = {}) =>
  ({
    ...Object.fromEntries(platforms.map((p) => [p.id, perHour])),
    ...own,
  }) as Record<PlatformId, number>;
const poolOf = (perHour = 300, own: Partial<Record<PlatformId, number>> = {}) =>
  new SessionPool(
    { COOKIES_DIR: dir, ACCESS_SESSION_BUDGETS: budgets(perHour, own) },
    new MemoryAccessLedger(300_000, () => now),
    () => now,
  );
const cookieFile = (name: string) => {
  mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  writeFileSync(path.join(dir, name), '# Netscape HTTP Cookie File\n');
};

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-sessions-'));
  now = 1_000_000_000;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('session pool', () => {
  it('reads <platform>.txt and <platform>/*.txt, nothing else', async () => {
    for (const name of ['vimeo.txt', 'vimeo/b.txt', 'vimeo/a.txt', 'vimeo/notes.md', 'vimeo/.hidden.txt'])
      cookieFile(name);
    cookieFile('youtube.txt');
    const ids = (await poolOf().sessions('vimeo')).map((s) => s.id);
    expect(ids).toEqual(['vimeo.txt', 'vimeo/a.txt', 'vimeo/b.txt']);
    expect(await poolOf().sessions('tiktok')).toEqual([]);
    const none = new SessionPool({ ACCESS_SESSION_BUDGETS: budgets(1) }, new MemoryAccessLedger(1000));
    expect(await none.sessions('vimeo')).toEqual([]);
  });

  it('files added or removed count once the reading is older than the rescan period', async () => {
    cookieFile('vimeo/a.txt');
    const pool = poolOf();
    expect(await pool.sessions('vimeo')).toHaveLength(1);
    cookieFile('vimeo/b.txt');
    expect(await pool.sessions('vimeo')).toHaveLength(1);
    now += sessionRescanMs;
    expect(await pool.sessions('vimeo')).toHaveLength(2);
    rmSync(path.join(dir, 'vimeo/a.txt'));
    now += sessionRescanMs;
    expect((await pool.sessions('vimeo')).map((s) => s.id)).toEqual(['vimeo/b.txt']);
  });

  it('takes the session used least recently, each within its budget per hour', async () => {
    cookieFile('vimeo/a.txt');
    cookieFile('vimeo/b.txt');
    const pool = poolOf(2);
    const taken: (string | undefined)[] = [];
    for (let i = 0; i < 5; i += 1) {
      taken.push((await pool.take('vimeo'))?.id);
      now += 1000;
    }
    expect(taken).toEqual(['vimeo/a.txt', 'vimeo/b.txt', 'vimeo/a.txt', 'vimeo/b.txt', undefined]);
    // An hour after its first use, a session has budget again.
    now += 60 * 60 * 1000 - 4000;
    expect((await pool.take('vimeo'))?.id).toBe('vimeo/a.txt');
  });

  it("a platform's own budget wins over the global one", async () => {
    cookieFile('vimeo.txt');
    cookieFile('youtube.txt');
    const pool = poolOf(1, { youtube: 3 });
    for (let i = 0; i < 3; i += 1) expect(await pool.take('youtube')).toBeDefined();
    expect(await pool.take('youtube')).toBeUndefined();
    expect(await pool.take('vimeo')).toBeDefined();
    expect(await pool.take('vimeo')).toBeUndefined();
  });
});
