// The real server process: refuses to start with a missing engine or a bad configuration (one
// clear message, no stack trace, non-zero exit), logs JSON lines with request ids, and ends cleanly
// on SIGTERM.
import { afterEach, describe, expect, it } from 'vitest';
import { runServer, stopServer, type ServerRun } from './foundation-server';

let server: ServerRun | undefined;
afterEach(async () => {
  await stopServer(server);
  server = undefined;
});

/** A stack trace line as Node prints it ("    at fn (file:1:2)"). */
const stackLine = /^\s+at .+:\d+:\d+\)?$/m;

describe('server start-up refusals', () => {
  it('a missing engine stops the start with one message naming its package', async () => {
    server = await runServer({ YTDLP_PATH: '/nonexistent/yt-dlp' });
    const { code } = await server.exited;
    expect(code).not.toBe(0);
    expect(server.url).toBeUndefined();
    const message = server.stderr().trim();
    expect(message).toBe('Missing engines: yt-dlp. Install them with: apt-get install -y yt-dlp');
    expect(message).not.toMatch(stackLine);
  });

  it('bad variables are all listed in one message', async () => {
    server = await runServer({ PORT: 'abc', LOG_LEVEL: 'loud', DOWNLOAD_CONCURRENCY: '-2' });
    const { code } = await server.exited;
    expect(code).not.toBe(0);
    const lines = server.stderr().trim().split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.slice(1).map((line) => line.split(':')[0]?.trim())).toEqual([
      '- PORT="abc"',
      '- LOG_LEVEL="loud"',
      '- DOWNLOAD_CONCURRENCY="-2"',
    ]);
    expect(server.stderr()).not.toMatch(stackLine);
    expect(server.stdout()).toBe('');
  });

  it('the offline-testing switch is refused in production', async () => {
    server = await runServer({ NODE_ENV: 'production', MEDIA_TEST_HOSTS: '127.0.0.1' });
    const { code } = await server.exited;
    expect(code).not.toBe(0);
    expect(server.stderr().trim()).toBe(
      'Invalid configuration:\n  - MEDIA_TEST_HOSTS: the offline-testing switch is refused when NODE_ENV=production',
    );
  });
});

describe('running server', () => {
  it('logs JSON lines with a request id and stops with exit code 0 on SIGTERM', async () => {
    server = await runServer({ LOG_LEVEL: 'info' });
    expect(server.url, server.stderr()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(200);
    await fetch(`${server.url}/api/no-such-thing`);

    // Each log line is one JSON object; the two requests carry distinct request ids.
    await expect.poll(() => server?.stdout().includes('/api/no-such-thing') ?? false).toBe(true);
    const entries = server
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg?: string; reqId?: string; level?: number; path?: string });
    expect(entries.every((entry) => typeof entry.level === 'number' && typeof entry.msg === 'string')).toBe(
      true,
    );
    const healthLog = entries.find((entry) => entry.path === '/health');
    const missingLog = entries.find((entry) => entry.path === '/api/no-such-thing');
    expect(healthLog?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(missingLog?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(missingLog?.reqId).not.toBe(healthLog?.reqId);

    const started = Date.now();
    server.child.kill('SIGTERM');
    const { code, signal } = await server.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(5000);
    // A closed server refuses new connections.
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  });
});
