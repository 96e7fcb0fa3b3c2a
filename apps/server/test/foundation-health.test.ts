// GET /health against the real engines: the app version, each engine's version, the yt-dlp age
// warning, and 503 when an engine is missing. Also checks the catalog's yt-dlp extractor names
// against the installed yt-dlp.
import { execFileSync } from 'node:child_process';
import { appVersion, platforms } from '@grabbit/catalog';
import { healthSchema, type EngineStatus } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { checkEngines, ytDlpAgeWarning } from '../src/media/engines';

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
    const expected = ytDlpAgeWarning(ytDlp);
    expect(health.warnings).toEqual(expected ? [expected] : []);
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
    expect(health.warnings).toHaveLength(1);
    expect(health.warnings[0]).toMatch(/^yt-dlp 2020\.01\.01 is \d+ days old/);
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
});
