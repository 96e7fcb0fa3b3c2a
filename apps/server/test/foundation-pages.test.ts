// The built pages as the server serves them: every route and converter canonical alias with its own
// title and canonical link, the 404 page with status 404, JSON 404s under /api, sitemap.xml,
// robots.txt, and GET /api/config. Builds the pages first when there is no build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { routes } from '@grabbit/catalog';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const distDir = path.join(repoRoot, 'apps/web/dist');
if (!existsSync(path.join(distDir, 'index.html'))) {
  spawnSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit', timeout: 300_000 });
}
const hasBuild = existsSync(path.join(distDir, 'index.html'));

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function appWith(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: distDir, ...env });
  return buildApp({ config, engines: [] });
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await appWith();
});
afterAll(() => app.close());

const pagePaths = routes.flatMap((route) =>
  [route.path, ...(route.aliases ?? [])].map((p) => [p, route] as const),
);

describe.skipIf(!hasBuild)('built pages', () => {
  it.each(pagePaths)('%s answers 200 with its own title and canonical link', async (pagePath, route) => {
    const response = await app.inject({ method: 'GET', url: pagePath });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${escapeHtml(route.title)}</title>`);
    expect(html).toMatch(
      new RegExp(`<link rel="canonical" href="https?://[^"/]+${escapeRegExp(route.canonical)}"`),
    );
    expect(html).toContain(`<meta name="description" content="${escapeHtml(route.description)}"`);
  });

  it.each(['/youtube-downloader/', '/image-converter/png/'])(
    '%s (trailing slash) serves the same page',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(
        `<title>${escapeHtml(routes.find((r) => r.canonical === url.slice(0, -1))?.title ?? '?')}</title>`,
      );
    },
  );

  it.each(['/no-such-page', '/youtube-downloader/extra', '/image-converter/mp3', '/assets/missing.js'])(
    'unknown page path %s answers the 404 page with status 404',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('Page Not Found');
    },
  );

  it('sitemap.xml lists every route by its canonical address', async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/xml/);
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
    expect(locs.sort()).toEqual(routes.map((r) => r.canonical).sort());
  });

  it('robots.txt allows the pages, keeps crawlers off /api/ and names the sitemap', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^User-agent: \*$/m);
    expect(response.body).toMatch(/^Disallow: \/api\/$/m);
    expect(response.body).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const asset = readdirSync(path.join(distDir, 'assets')).find((name) => name.endsWith('.js'));
    const response = await app.inject({ method: 'GET', url: `/assets/${asset}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });
});

describe('API 404s', () => {
  it.each([
    ['GET', '/api/no-such-thing'],
    ['POST', '/api/no-such-endpoint/deeper'],
    ['GET', '/api'],
    ['DELETE', '/youtube-downloader'],
  ] as const)('%s %s answers JSON with code NOT_FOUND and status 404', async (method, url) => {
    const response = await app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(response.json().error).toContain(url);
  });
});

describe('GET /api/config', () => {
  it('has no test hosts without the offline-testing switch', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('testHosts');
    expect(response.body).not.toContain('testHosts');
  });

  it('tells the pages the per-client limits they pace their work within', async () => {
    const limited = await appWith({ RATE_LIMIT_JOBS_PER_MINUTE: '7', MAX_ACTIVE_JOBS_PER_CLIENT: '2' });
    const response = await limited.inject({ method: 'GET', url: '/api/config' });
    await limited.close();
    expect(response.json().limits).toMatchObject({ jobsPerMinute: 7, activeJobsPerClient: 2 });
  });

  it('sends the opener policy only where browsers take it: HTTPS or localhost', async () => {
    const page = (host: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/api/config', headers: { host, ...headers } });
    expect((await page('localhost:5000')).headers['cross-origin-opener-policy']).toBeDefined();
    const lan = await page('grabbit.lan:5000');
    expect(lan.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(lan.headers['origin-agent-cluster']).toBeUndefined();
    expect(lan.headers['content-security-policy']).toBeDefined();
  });

  it('shows the test hosts when MEDIA_TEST_HOSTS is set', async () => {
    const testApp = await appWith({ MEDIA_TEST_HOSTS: '127.0.0.1:5200,fixtures.test' });
    const response = await testApp.inject({ method: 'GET', url: '/api/config' });
    await testApp.close();
    expect(response.json().testHosts).toEqual(['127.0.0.1:5200', 'fixtures.test']);
  });
});
