// Security headers on a page, an API answer and a result file: a Content-Security-Policy allowing
// our origin plus exactly the configured ad network and sponsor origins, nosniff, a referrer policy
// and frame-ancestors; result files always as attachments. CORS on /api only for listed origins.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestApp, useSiteAndApp, waitForTask } from './support/download-app';

const fx = useSiteAndApp({
  AD_NETWORK_URL: 'https://ads.example.net/serve',
  SPONSOR_SCRIPT_REGULAR: 'https://pop.example.org/p.js',
  SPONSOR_LINK_REGULAR: 'https://sponsor.example.com/landing',
  CORS_ORIGINS: 'https://partner.example',
});

/** The CSP as directive -> sources. */
function csp(header: string | string[] | number | undefined): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

function expectCommonHeaders(headers: Record<string, unknown>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  const policy = csp(headers['content-security-policy'] as string);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']).toEqual(["'self'", 'https://ads.example.net', 'https://pop.example.org']);
  expect(policy['frame-src']).toEqual(['https://ads.example.net', 'https://sponsor.example.com']);
  expect(policy['frame-ancestors']).toEqual(["'self'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
}

describe('security headers', () => {
  it('on an API answer', async () => {
    const answer = await fx.test.app.inject({ method: 'GET', url: '/api/config' });
    expect(answer.statusCode).toBe(200);
    expectCommonHeaders(answer.headers);
  });

  it('on a page', async () => {
    const dist = path.join(fx.test.dataDir, 'web');
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Grabbit</title>');
    const pages = await startTestApp({
      WEB_DIST_DIR: dist,
      AD_NETWORK_URL: 'https://ads.example.net/serve',
      SPONSOR_SCRIPT_REGULAR: 'https://pop.example.org/p.js',
      SPONSOR_LINK_REGULAR: 'https://sponsor.example.com/landing',
    });
    try {
      const page = await pages.app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expectCommonHeaders(page.headers);
    } finally {
      await pages.close();
    }
  });

  it('on a result file: an attachment, never sniffed', async () => {
    const started = await fx.test.app.inject({
      method: 'POST',
      url: '/api/download/youtube',
      payload: { url: fx.site.url('/a.mp4') },
    });
    const task = await waitForTask(fx.test.app, started.json<{ taskId: string }>().taskId);
    const file = await fx.test.app.inject({ method: 'GET', url: task.downloadUrl ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expectCommonHeaders(file.headers);
  });

  it('CORS: only listed origins, only on /api', async () => {
    const listed = await fx.test.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { origin: 'https://partner.example' },
    });
    expect(listed.headers['access-control-allow-origin']).toBe('https://partner.example');
    const other = await fx.test.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const health = await fx.test.app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'https://partner.example' },
    });
    expect(health.headers['access-control-allow-origin']).toBeUndefined();
  });
});
