// Early answers reach the client: a 413 (over the upload cap) and a 400 (an output no page offers)
// are sent before the upload has all arrived, and the server reads and discards the rest so the
// client sees the status and message: Node's fetch (undici, keep-alive) and curl, 50 tries each in
// a row. (Chromium: e2e/tests/convert-early-answers.test.ts.)
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { multipartForm, useConvertApp } from './support/convert-app';
import { startTestApp, type TestApp } from './support/test-app';
import { afterAll, beforeAll } from 'vitest';

const run = promisify(execFile);
const ctx = useConvertApp('early-answers');
let live: TestApp;
const capBytes = 256 * 1024;

beforeAll(async () => {
  live = await startTestApp({ CONVERT_MAX_UPLOAD_BYTES: String(capBytes) }, { listen: true });
});
afterAll(async () => live?.close());

const cases = [
  {
    name: '413 over the upload cap',
    outputFormat: 'jpg',
    status: 413,
    message: 'The file exceeds the maximum file size of 256KB.',
  },
  {
    name: '400 for an output no page offers',
    outputFormat: 'xyz',
    status: 400,
    message: 'Converting IMAGE to XYZ is not supported.',
  },
];

/** A form whose file is four times the cap: most of it is still on its way at the answer. */
function oversizedForm(outputFormat: string) {
  return multipartForm({ OutputFormat: outputFormat }, 'big.png', Buffer.alloc(capBytes * 4, 7));
}

describe.each(cases)('early answer: $name', ({ outputFormat, status, message }) => {
  it('reaches Node fetch 50 times in a row', async () => {
    const form = oversizedForm(outputFormat);
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const response = await fetch(`${live.origin}/api/convert/image`, {
        method: 'POST',
        headers: form.headers,
        body: form.payload,
        signal: AbortSignal.timeout(15_000),
      });
      expect(response.status, `attempt ${attempt}`).toBe(status);
      expect(((await response.json()) as { Error: string }).Error).toBe(message);
    }
  });

  it('reaches curl 50 times in a row', async () => {
    const form = oversizedForm(outputFormat);
    const body = path.join(ctx.dir, `${outputFormat}.form`);
    await writeFile(body, form.payload);
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const { stdout } = await run('curl', [
        '-sS',
        '--max-time',
        '15',
        '-H',
        `content-type: ${form.headers['content-type']}`,
        '--data-binary',
        `@${body}`,
        '-w',
        '\n%{http_code}',
        `${live.origin}/api/convert/image`,
      ]);
      const [json = '', code = ''] = stdout.split('\n');
      expect(Number(code), `attempt ${attempt}`).toBe(status);
      expect((JSON.parse(json) as { Error: string }).Error).toBe(message);
    }
  });
});
