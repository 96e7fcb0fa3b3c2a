// Request bodies from hostile clients, against the real server process: malformed multipart forms
// answer 400 MALFORMED_UPLOAD without an error-level log line; a JSON body trickled a byte at a
// time is cut like a stalled upload instead of holding its connection for the request timeout;
// socket.io's polling handshakes count against the hub budget as websocket ones do.
import { connect } from 'node:net';
import { apiRoutes } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServer, stopServer, type ServerRun } from './foundation-server';

let server: ServerRun;
beforeAll(async () => {
  server = await runServer({
    LOG_LEVEL: 'info',
    UPLOAD_STALL_SECONDS: '1',
    RATE_LIMIT_HUB_PER_MINUTE: '3',
    RATE_LIMIT_API_PER_MINUTE: '1000',
    RATE_LIMIT_JOBS_PER_MINUTE: '1000',
  });
}, 60_000);
afterAll(async () => {
  if (server) await stopServer(server);
});

/** Error-level (50) and fatal (60) log lines of the server so far. */
const errorLines = () =>
  server
    .stdout()
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line));

const post = (contentType: string, body: string) =>
  fetch(`${server.url}${apiRoutes.convertImage}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });

function form(boundary: string, parts: string[]): string {
  return `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`;
}
const field = (name: string, value: string) =>
  `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
const filePart = (name: string) =>
  `Content-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`;

describe('malformed multipart', () => {
  const cases: { name: string; contentType: string; body: () => string }[] = [
    {
      name: 'no boundary',
      contentType: 'multipart/form-data',
      body: () => form('x', [field('OutputFormat', 'png')]),
    },
    {
      name: 'a 200-character boundary',
      contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`,
      body: () => form('b'.repeat(200), [field('OutputFormat', 'png'), filePart('InputFile')]),
    },
    {
      name: '3000 fields',
      contentType: 'multipart/form-data; boundary=many',
      body: () =>
        form(
          'many',
          Array.from({ length: 3000 }, (_, i) => field(`f${i}`, 'x')),
        ),
    },
    {
      name: '100 file parts',
      contentType: 'multipart/form-data; boundary=files',
      body: () =>
        form('files', [
          field('OutputFormat', 'png'),
          ...Array.from({ length: 100 }, () => filePart('InputFile')),
        ]),
    },
  ];
  for (const c of cases) {
    it(`${c.name}: 400 MALFORMED_UPLOAD, no error in the log`, async () => {
      const before = errorLines().length;
      const answer = await post(c.contentType, c.body());
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ success: false, code: 'MALFORMED_UPLOAD' });
      expect(errorLines().slice(before)).toEqual([]);
    });
  }
});

describe('slow bodies', () => {
  it('a JSON body trickled a byte at a time is cut within the stall window', async () => {
    const before = errorLines().length;
    const { port } = new URL(server.url ?? '');
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    socket.write(
      `POST ${apiRoutes.validateUrl} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"url":"',
    );
    const trickle = setInterval(() => socket.write('x'), 300);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    clearInterval(trickle);
    // One 1 s window plus margin for a busy machine; the trickle alone would take hours.
    expect(Date.now() - started).toBeLessThan(8000);
    expect(answer).not.toMatch(/^HTTP\/1\.1 200/);
    // A visitor's stalled body is no server failure.
    expect(errorLines().slice(before)).toEqual([]);
  });
});

describe('hub budget', () => {
  it("socket.io's polling handshakes count against the hub budget", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const answer = await fetch(`${server.url}/hubs/downloads/?EIO=4&transport=polling&t=${i}`);
      statuses.push(answer.status);
      await answer.text();
    }
    // RATE_LIMIT_HUB_PER_MINUTE is 3: the 4th and 5th handshakes are refused.
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3).every((status) => status !== 200)).toBe(true);
  });
});
