// A multipart body that ends in the middle of a part (its closing boundary never comes) is a
// malformed form: 400 MALFORMED_UPLOAD with no error-level log line, whether it ends in the fields
// or in the file, and the server goes on serving.
import { apiRoutes } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startPublicServer } from './support/public-server';
import type { TestApp } from './support/test-app';

const logLines: string[] = [];
let test: TestApp;
beforeAll(async () => {
  test = await startPublicServer({ LOG_LEVEL: 'info' }, { logLines });
});
afterAll(() => test?.close());

const errorLines = () => logLines.filter((line) => /"level":(50|60)/.test(line));

const head = (name: string, file?: string) =>
  `--cut\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n` +
  (file ? 'Content-Type: image/png\r\n' : '') +
  '\r\n';

const cases = [
  {
    name: 'ends inside the file part',
    body: `${head('OutputFormat')}jpg\r\n${head('InputFile', 'a.png')}\x89PNG\r\n\x1a\n`,
  },
  { name: 'ends inside a field', body: `${head('OutputFormat')}jp` },
];

describe('multipart that ends mid-part', () => {
  for (const c of cases) {
    it(`${c.name}: 400 MALFORMED_UPLOAD, nothing at error level`, async () => {
      const before = errorLines().length;
      const answer = await call(test.origin, apiRoutes.convertImage, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=cut' },
        body: c.body,
      });
      expect(answer.status, answer.body.toString()).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, code: 'MALFORMED_UPLOAD' });
      expect(errorLines().slice(before)).toEqual([]);
      expect((await call(test.origin, '/health')).status).toBe(200);
    });
  }
});
