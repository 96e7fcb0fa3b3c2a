// GET /health against the real engines: the app version, each engine's version, the yt-dlp age
// warning, and 503 when an engine is missing. Also checks the catalog's yt-dlp extractor names
// against the installed yt-dlp.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { appVersion, platforms } from '@grabbit/catalog';
import { healthSchema, type EngineStatus } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { checkEngines } from '../src/engines/engines';
import { ytDlpAgeDays, ytDlpAgeWarning, ytDlpFallbackWarning } from '../src/ytdlp';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent-build' });
const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });

let engines: EngineStatus[];
let app: FastifyInstance;

beforeAll(async () => {
  engines = await checkEngines(config);
  app = await buildApp({ config, engines });
});
afterAll(() => app.close());

describe('GET /health', () => {
  it('answers success with the version and every engine version', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const health = healthSchema.parse(response.json());
    expect(health.status).toBe('ok');
    expect(health.version).toBe(appVersion);
    expect(health.engines.map((e) => e.name)).toEqual([
      'yt-dlp',
      'ffmpeg',
      'ffprobe',
      'imagemagick',
      'gstreamer',
      'sharp',
    ]);
    for (const engine of health.engines) {
      expect(engine.available, engine.name).toBe(true);
      expect(engine.version, engine.name).toMatch(/\d/);
    }
  });

  it('reports the versions the engines themselves print', async () => {
    const health = healthSchema.parse((await app.inject({ method: 'GET', url: '/health' })).json());
    const version = (name: string) => health.engines.find((e) => e.name === name)?.version;
    expect(version('yt-dlp')).toBe(run(config.YTDLP_PATH, ['--version']).trim());
    expect(run(config.FFMPEG_PATH, ['-version'])).toContain(`ffmpeg version ${version('ffmpeg')}`);
    expect(run(config.MAGICK_PATH, ['-version'])).toContain(`ImageMagick ${version('imagemagick')}`);
  });

  it('warns when the installed yt-dlp is older than 60 days', async () => {
    const health = healthSchema.parse((await app.inject({ method: 'GET', url: '/health' })).json());
    const ytDlp = health.engines.find((e) => e.name === 'yt-dlp')?.version;
    const expected = [ytDlpFallbackWarning(config), ytDlpAgeWarning(ytDlp)].filter(Boolean);
    expect(health.warnings).toEqual(expected);
  });

  it("says which yt-dlp runs: the project environment's, its age and Deno as its runtime", async () => {
    const health = healthSchema.parse((await app.inject({ method: 'GET', url: '/health' })).json());
    const version = health.engines.find((e) => e.name === 'yt-dlp')?.version;
    const projectYtDlp = path.join(repoRoot, '.cache/engines/venv/bin/yt-dlp');
    // Set-up installs it; without it (pip failed) the system's runs and /health says so.
    const expected = existsSync(projectYtDlp)
      ? {
          source: 'project environment',
          // Deno from the npm registry (the `deno` dependency), never the project's Node; named
          // without its path (which would show where the server is installed).
          jsRuntime: 'deno',
        }
      : { source: 'system' };
    expect(health.ytDlp).toMatchObject({ version, ageDays: ytDlpAgeDays(version), ...expected });
    expect(config.YTDLP_PATH).toBe(existsSync(projectYtDlp) ? projectYtDlp : 'yt-dlp');
    expect(ytDlpAgeDays('2026.08.19', new Date('2026-11-22T12:00:00Z'))).toBe(95);
  });

  it('YTDLP_PATH overrides the project environment', async () => {
    const custom = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent-build',
      YTDLP_PATH: '/usr/bin/yt-dlp',
    });
    const customApp = await buildApp({ config: custom, engines: await checkEngines(custom) });
    const health = healthSchema.parse((await customApp.inject({ method: 'GET', url: '/health' })).json());
    await customApp.close();
    expect(health.ytDlp.source).toBe('YTDLP_PATH');
    expect(health.ytDlp.version).toBe(run('/usr/bin/yt-dlp', ['--version']).trim());
    // Debian's release takes no JavaScript runtime option.
    expect(health.ytDlp.jsRuntime).toBeNull();
  });

  it('is also served under /api/health', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual((await app.inject({ method: 'GET', url: '/health' })).json());
  });

  it('warns about an old yt-dlp release', async () => {
    const old = engines.map((e) => (e.name === 'yt-dlp' ? { ...e, version: '2020.01.01' } : e));
    const oldApp = await buildApp({ config, engines: old });
    const health = healthSchema.parse((await oldApp.inject({ method: 'GET', url: '/health' })).json());
    await oldApp.close();
    expect(health.status).toBe('ok');
    expect(health.warnings.at(-1)).toMatch(/^yt-dlp 2020\.01\.01 is \d+ days old/);
  });

  it('answers 503 naming the package when an engine is missing', async () => {
    const broken = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent-build',
      FFPROBE_PATH: '/nonexistent/ffprobe',
    });
    const brokenApp = await buildApp({ config: broken, engines: await checkEngines(broken) });
    const response = await brokenApp.inject({ method: 'GET', url: '/health' });
    await brokenApp.close();
    expect(response.statusCode).toBe(503);
    const health = healthSchema.parse(response.json());
    expect(health.status).toBe('degraded');
    expect(health.engines.find((e) => e.name === 'ffprobe')).toEqual({
      name: 'ffprobe',
      package: 'ffmpeg',
      available: false,
    });
    expect(health.warnings).toContain('ffprobe is missing (package ffmpeg)');
  });
});

describe('catalog extractors', () => {
  it('every allowed extractor is one the installed yt-dlp lists (and never generic)', () => {
    const listed = new Set(
      run(config.YTDLP_PATH, ['--list-extractors'])
        .split('\n')
        .map((line) => line.replace(/\s*\(CURRENTLY BROKEN\)$/, '').trim()),
    );
    for (const platform of platforms) {
      for (const name of platform.extractors) {
        expect(name).not.toBe('generic');
        expect(listed.has(name), `${platform.id}: ${name}`).toBe(true);
      }
    }
  });

  it("each platform's placeholder and check link is matched by one of its own extractors (x.com natively)", () => {
    // yt-dlp's own matching, asked of the Python package behind the installed yt-dlp.
    const script = [
      'import json, sys',
      'from yt_dlp.extractor import gen_extractor_classes',
      'classes = {c.IE_NAME: c for c in gen_extractor_classes()}',
      'for name, url in json.loads(sys.argv[1]):',
      '    print(name, url, classes[name].suitable(url))',
    ].join('\n');
    const pairs = platforms.flatMap((p) =>
      [
        p.placeholder,
        p.checkLink,
        ...(p.id === 'twitter' ? ['https://x.com/u/status/1', 'https://mobile.x.com/u/status/1'] : []),
      ].map((link) => [p, link] as const),
    );
    const asked = pairs.flatMap(([p, link]) => p.extractors.map((name) => [name, link]));
    const python = existsSync(path.join(path.dirname(config.YTDLP_PATH), 'python'))
      ? path.join(path.dirname(config.YTDLP_PATH), 'python')
      : '/usr/bin/python3';
    const matched = new Set(
      run(python, ['-c', script, JSON.stringify(asked)])
        .split('\n')
        .filter((line) => line.endsWith(' True'))
        .map((line) => line.split(' ')[1]),
    );
    for (const [platform, link] of pairs) expect(matched.has(link), `${platform.id}: ${link}`).toBe(true);
  });
});
