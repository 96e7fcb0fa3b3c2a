// HTTP as any client expects it: CORS preflights answered for listed origins on every /api route
// and the tus paths (nothing for other origins); a wrong method answered 405 with Allow; a JSON
// body over the limit refused as a request too large; `quality` the same as a number or a string;
// a stored result's byte ranges with 416 in the error body and If-Range compared strongly.
import { describe, expect, it } from 'vitest';
import { useSiteAndApp, waitForTask } from './support/download-app';

const partner = 'http://partner.test:5000';
const fx = useSiteAndApp({ CORS_ORIGINS: partner });

const preflight = (url: string, method: string, origin = partner) =>
  fx.test.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type,authorization,tus-resumable,upload-offset',
    },
  });

const listOf = (header: unknown) =>
  String(header ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase());

describe('CORS', () => {
  it('answers preflights of a listed origin on /api and tus paths, uncounted', async () => {
    for (const [url, method] of [
      ['/api/download/youtube', 'POST'],
      ['/api/uploads/', 'POST'],
      ['/api/uploads/0123456789abcdef0123456789abcdef', 'PATCH'],
      ['/api/convert/video', 'POST'],
    ] as const) {
      const answer = await preflight(url, method);
      expect(answer.statusCode, url).toBe(204);
      expect(answer.headers['access-control-allow-origin'], url).toBe(partner);
      expect(listOf(answer.headers['access-control-allow-methods'])).toContain(method.toLowerCase());
      expect(listOf(answer.headers['access-control-allow-headers'])).toEqual(
        expect.arrayContaining([
          'content-type',
          'authorization',
          'prefer',
          'idempotency-key',
          'if-none-match',
          'tus-resumable',
          'upload-checksum',
        ]),
      );
      expect(listOf(answer.headers['access-control-expose-headers'])).toEqual(
        expect.arrayContaining([
          'content-disposition',
          'etag',
          'ratelimit-remaining',
          'location',
          'upload-offset',
          'retry-after',
          'tus-version',
        ]),
      );
      // A preflight is no API call: it spends none of the client's budget.
      expect(answer.headers['ratelimit-remaining'], url).toBeUndefined();
    }
  });

  it('gives an unlisted origin nothing', async () => {
    const answer = await preflight('/api/download/youtube', 'POST', 'http://elsewhere.test');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-headers']).toBeUndefined();
  });
});

describe('methods, sizes and input', () => {
  it('answers a wrong method on a known path 405 with Allow, an unknown path 404', async () => {
    const wrong = await fx.test.app.inject({ method: 'PUT', url: '/api/download/youtube', payload: {} });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
    expect(wrong.json()).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' });
    const upload = await fx.test.app.inject({ method: 'GET', url: '/api/uploads/0123456789abcdef' });
    expect(upload.statusCode).toBe(405);
    expect(listOf(upload.headers.allow).sort()).toEqual(['delete', 'head', 'options', 'patch', 'post']);
    const unknown = await fx.test.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a JSON body over the limit as a request too large', async () => {
    const answer = await fx.test.app.inject({
      method: 'POST',
      url: '/api/validate/url',
      payload: { url: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ code: 'REQUEST_TOO_LARGE', error: 'The request is too large.' });
  });

  it('reads quality the same as a number or a string', async () => {
    const ask = (quality: number | string) =>
      fx.test.app.inject({
        method: 'POST',
        url: '/api/download/youtube',
        // A link of another site: refused after the body's fields passed their checks.
        payload: { url: 'https://vimeo.com/1', format: 'mp4', quality },
      });
    for (const [asNumber, asText] of [
      [720, '720'],
      [100, '100'],
    ] as const) {
      const [number, text] = [await ask(asNumber), await ask(asText)];
      expect(number.statusCode, String(asNumber)).toBe(text.statusCode);
      expect(number.json().code, String(asNumber)).toBe(text.json().code);
    }
    expect((await ask(720)).json().code).toBe('UNSUPPORTED_URL');
    expect((await ask(100)).json().code).toBe('VALIDATION_FAILED');
  });
});

describe('a stored result', () => {
  it('sends one range, refuses one past the end in the error body, and honours only a strong If-Range', async () => {
    const started = await fx.test.app.inject({
      method: 'POST',
      url: '/api/download/youtube',
      payload: { url: fx.site.url('/a.mp4') },
    });
    const task = await waitForTask(fx.test.app, started.json<{ taskId: string }>().taskId);
    const url = task.downloadUrl ?? '';
    const whole = await fx.test.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    const etag = String(whole.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const get = (headers: Record<string, string>) => fx.test.app.inject({ url, headers });

    const part = await get({ range: 'bytes=0-9', 'if-range': etag });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 10))).toBe(true);
    // A weak tag promises no identical bytes: the whole file comes instead of a range.
    const weak = await get({ range: 'bytes=0-9', 'if-range': `W/${etag}` });
    expect(weak.statusCode).toBe(200);
    expect(weak.rawPayload.length).toBe(whole.rawPayload.length);
    const stale = await get({ range: 'bytes=0-9', 'if-range': '"0-0"' });
    expect(stale.statusCode).toBe(200);
    const dated = await get({ range: 'bytes=0-9', 'if-range': String(whole.headers['last-modified']) });
    expect(dated.statusCode).toBe(206);

    const past = await get({ range: `bytes=${whole.rawPayload.length + 10}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${whole.rawPayload.length}`);
    expect(past.json()).toMatchObject({ success: false, code: 'RANGE_NOT_SATISFIABLE' });
  });
});
