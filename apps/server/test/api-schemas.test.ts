// The routes' zod schemas refuse bad input in the usual error body ({ success, error, Error, code },
// the first problem named by its field), in the order the routes always checked (the platform before
// the body), and accept what was always accepted (no body, extra fields, repeated query values).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

interface ErrorBody {
  success: boolean;
  error: string;
  Error: string;
  code: string;
}

let on: TestApp;
let off: TestApp;
beforeAll(async () => {
  [on, off] = await Promise.all([startTestApp({}), startTestApp({ FEATURE_CLOUD_STORAGE: 'false' })]);
});
afterAll(() => Promise.all([on?.close(), off?.close()]));

describe('schema refusals', () => {
  it('a missing body names its first missing field, as VALIDATION_FAILED', async () => {
    const answer = await on.app.inject({ method: 'POST', url: '/api/download/youtube' });
    expect(answer.statusCode).toBe(400);
    const body = answer.json<ErrorBody>();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(body.error).toMatch(/^url: /);
    expect(body.Error).toBe(body.error);
  });

  it('an unknown platform is 404 UNSUPPORTED_PLATFORM even when the body is bad too', async () => {
    const answer = await on.app.inject({ method: 'POST', url: '/api/download/myspace/info', payload: {} });
    expect(answer.statusCode).toBe(404);
    expect(answer.json<ErrorBody>()).toMatchObject({
      code: 'UNSUPPORTED_PLATFORM',
      error: 'Unsupported platform: myspace',
    });
  });

  it('a nested problem is named by its path', async () => {
    const answer = await on.app.inject({
      method: 'POST',
      url: '/api/download/playlist',
      payload: { items: ['https://youtu.be/abc', ''] },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<ErrorBody>().error).toMatch(/^items\.1: /);
  });

  it('a body that is no JSON object is refused with the same code', async () => {
    const answer = await on.app.inject({
      method: 'POST',
      url: '/api/validate/url',
      headers: { 'content-type': 'text/plain' },
      payload: 'https://youtu.be/abc',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<ErrorBody>().code).toBe('VALIDATION_FAILED');
  });

  it('extra fields are accepted; the answer holds exactly its declared fields', async () => {
    const answer = await on.app.inject({
      method: 'POST',
      url: '/api/validate/url',
      payload: { extra: true, url: 'https://youtu.be/abc' },
    });
    expect(answer.statusCode).toBe(200);
    expect(Object.keys(answer.json<object>()).sort()).toEqual(
      ['isMultiMedia', 'isPlaylist', 'message', 'platform', 'route', 'valid'].sort(),
    );
  });

  it('a repeated query value is ignored, as before', async () => {
    const answer = await on.app.inject({ url: '/api/cloudstorage/status?fileKey=a&fileKey=b' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ file?: unknown }>().file).toBeUndefined();
  });

  it('with cloud storage off any input answers FEATURE_DISABLED, before validation', async () => {
    for (const payload of [{}, { filePath: '' }, { filePath: '/api/download/file/x' }]) {
      const answer = await off.app.inject({ method: 'POST', url: '/api/cloudstorage/upload', payload });
      expect(answer.statusCode).toBe(404);
      expect(answer.json<ErrorBody>().code).toBe('FEATURE_DISABLED');
    }
  });
});
