// The API client against a real local HTTP server: answers, error bodies, the bearer token and a
// server that does not answer at all. Only connection detection and the toast are stood in for.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
let apiBase = '';
vi.mock('../components/ui/toast', () => ({ toast: { error: (...args: unknown[]) => toastError(...args) } }));
vi.mock('./connection', () => ({
  getConnection: async () => ({ apiBase, hubUrl: '', result: {} }),
}));

const { ApiError, apiRequest, resolveApiLink } = await import('./api-client');

let server: Server;
let lastHeaders: IncomingHttpHeaders = {};
const answers: Record<string, [number, string]> = {
  '/api/ok': [200, '{"success":true,"taskId":"t1"}'],
  '/api/bad': [400, '{"success":false,"error":"Bad link","Error":"Bad link","code":"UNSUPPORTED_URL"}'],
  '/api/detail': [422, '{"detail":"The detail","message":"The message"}'],
  '/api/empty': [500, ''],
  '/api/limited': [
    429,
    '{"success":false,"error":"Too many requests. Please wait 42 seconds and try again.","Error":"Too many requests. Please wait 42 seconds and try again.","code":"RATE_LIMITED"}',
  ],
};

/** Calls seen per path, for the answers that change on the next call. */
const calls = new Map<string, number>();
const keyRefused =
  '{"success":false,"error":"Invalid API key","Error":"Invalid API key","code":"INVALID_API_KEY"}';

beforeAll(async () => {
  server = createServer((req, res) => {
    lastHeaders = req.headers;
    const url = req.url ?? '';
    calls.set(url, (calls.get(url) ?? 0) + 1);
    const json = { 'content-type': 'application/json' };
    // Refused once with a wait of one second, then answered.
    if (url === '/api/paced' && calls.get(url) === 1)
      return void res.writeHead(429, { ...json, 'retry-after': '1' }).end(answers['/api/limited']?.[1]);
    // A server that knows no such key: refused with the token, answered without it.
    if (url === '/api/keyed' && req.headers.authorization)
      return void res.writeHead(401, json).end(keyRefused);
    // Refused every time, asking for no wait: the page gives up after its attempts.
    if (url === '/api/limited') res.setHeader('retry-after', '0');
    const [status, body] = answers[url] ??
      (url === '/api/paced' || url === '/api/keyed' ? answers['/api/ok'] : undefined) ?? [404, ''];
    res.writeHead(status, json).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  toastError.mockReset();
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('answers JSON and sends the stored auth_token as a bearer token', async () => {
    vi.stubGlobal('window', {
      localStorage: { getItem: (key: string) => (key === 'auth_token' ? 'secret' : null) },
    });
    expect(await apiRequest('/ok', { body: { url: 'x' } })).toEqual({ success: true, taskId: 't1' });
    expect(lastHeaders.authorization).toBe('Bearer secret');
    expect(lastHeaders['content-type']).toBe('application/json');
  });

  it('sends no Authorization header without a token', async () => {
    await apiRequest('/ok');
    expect(lastHeaders.authorization).toBeUndefined();
  });

  it("shows 'Error' with the server's message and rejects with the status", async () => {
    const error = await apiRequest('/bad').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'HTTP_ERROR',
      serverCode: 'UNSUPPORTED_URL',
      message: 'Bad link',
    });
    expect(toastError).toHaveBeenCalledWith('Error', { description: 'Bad link' });
  });

  it('waits as long as a 429 asks and tries again, showing nothing', async () => {
    const started = Date.now();
    expect(await apiRequest('/paced')).toEqual({ success: true, taskId: 't1' });
    expect(calls.get('/api/paced')).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('drops a stored token the server refuses and makes the call again anonymously', async () => {
    const removed: string[] = [];
    let token: string | null = 'stale';
    vi.stubGlobal('window', {
      localStorage: {
        getItem: () => token,
        removeItem: (key: string) => {
          removed.push(key);
          token = null;
        },
      },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await apiRequest('/keyed')).toEqual({ success: true, taskId: 't1' });
    expect(removed).toEqual(['auth_token']);
    expect(lastHeaders.authorization).toBeUndefined();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('shows the rate limit message of a 429 as a toast once waiting no longer helps', async () => {
    const error = await apiRequest('/limited').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, serverCode: 'RATE_LIMITED' });
    expect(toastError).toHaveBeenCalledWith('Error', {
      description: 'Too many requests. Please wait 42 seconds and try again.',
    });
  });

  it("prefers detail, then message, else 'An error occurred'", async () => {
    await apiRequest('/detail').catch(() => undefined);
    await apiRequest('/empty').catch(() => undefined);
    expect(toastError.mock.calls).toEqual([
      ['Error', { description: 'The detail' }],
      ['Error', { description: 'An error occurred' }],
    ]);
  });

  it('reports NO_RESPONSE with the Connection Error toast when nothing answers', async () => {
    const saved = apiBase;
    apiBase = 'http://127.0.0.1:1/api';
    const error = await apiRequest('/ok').catch((e: unknown) => e);
    apiBase = saved;
    expect(error).toMatchObject({ code: 'NO_RESPONSE' });
    expect(toastError).toHaveBeenCalledWith('Connection Error', {
      description: 'No response from server. Please check your connection.',
    });
  });

  it('reports REQUEST_ERROR when the request cannot be built', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const error = await apiRequest('/ok', { body: circular }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'REQUEST_ERROR', message: 'An unexpected error occurred' });
  });

  it('puts the API origin in front of /api/ download links', async () => {
    expect(await resolveApiLink('/api/download/file/abc')).toBe(`${apiBase}/download/file/abc`);
    expect(await resolveApiLink('https://bucket.example/f')).toBe('https://bucket.example/f');
  });
});
