// /health and /metrics as `npm start` runs the server: /health names yt-dlp's JavaScript runtime
// without its path (which would show where and how the server is installed); /metrics answers a
// 401 with the scheme it wants (WWW-Authenticate) and a client that keeps guessing its token
// gets 429 after a few tries a minute, the right token included.
import path from 'node:path';
import type { Health } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsPerMinute } from '../src/routes/metrics';
import { runServer, stopServer, type ServerRun } from './foundation-server';

const token = 'metrics-token-9d2f1a7c';
const repoRoot = path.resolve(import.meta.dirname, '../../..');
let server: ServerRun | undefined;

beforeAll(async () => {
  server = await runServer({ NODE_ENV: 'test', METRICS_TOKEN: token }, 60_000);
}, 120_000);

afterAll(() => stopServer(server));

describe('service endpoints', () => {
  it('/health names the runtime, never an install path', async () => {
    expect(server?.url, server?.stderr()).toBeDefined();
    const text = await (await fetch(`${server?.url}/health`)).text();
    const health = JSON.parse(text) as Health;
    expect(health.ytDlp.jsRuntime === null || /^(deno|node)$/.test(health.ytDlp.jsRuntime)).toBe(true);
    expect(text).not.toContain(repoRoot);
    expect(text).not.toContain('node_modules');
  });

  it('/metrics: 401 says the scheme; guesses are limited per client', async () => {
    const ask = (given: string) =>
      fetch(`${server?.url}/metrics`, { headers: { authorization: `Bearer ${given}` } });
    const first = await ask('wrong-guess-0');
    expect(first.status).toBe(401);
    expect(first.headers.get('www-authenticate')).toMatch(/^Bearer /);
    let answer = first;
    for (let i = 1; i <= metricsPerMinute && answer.status !== 429; i += 1)
      answer = await ask(`wrong-guess-${i}`);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBeTruthy();
    // A right guess past the limit learns nothing either.
    expect((await ask(token)).status).toBe(429);
  });
});
