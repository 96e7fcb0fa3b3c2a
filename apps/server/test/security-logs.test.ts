// The operator's log on a public server: no raw client address at any level (the salted client
// hash instead), one line per request at info, refusals (4xx) logged without a stack and never at
// error, and a server-side failure (5xx) at error with its stack. Each client calls from its own
// loopback address, which must then appear in no line.
import { apiPath, apiRoutes } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, postJson, startPublicServer } from './support/public-server';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  status?: number;
  code?: string;
  client?: string;
  err?: { stack?: string };
}

const logLines: string[] = [];
let test: TestApp;
beforeAll(async () => {
  // A disk that is never free enough: every job start is refused with 503 DISK_FULL.
  test = await startPublicServer({ LOG_LEVEL: 'trace', DISK_MIN_FREE_MB: '100000000' }, { logLines });
});
afterAll(() => test?.close());

const parsed = () => logLines.map((line) => JSON.parse(line) as LogLine);
const requestLines = () => parsed().filter((line) => line.msg === 'request');

describe('the log', () => {
  it('keeps one info line per request with the hashed client, never the address', async () => {
    const from = '127.0.0.5';
    const answers = [
      await call(test.origin, apiRoutes.publicConfig, { from }),
      await call(test.origin, apiPath(apiRoutes.downloadTask, { taskId: 'no-such-task' }), { from }),
      await postJson(test.origin, apiRoutes.validateUrl, { link: 1 }, from),
      await postJson(
        test.origin,
        apiPath(apiRoutes.download, { platform: 'youtube' }),
        { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', format: 'mp4' },
        from,
      ),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 400, 503]);
    expect(logLines.filter((line) => line.includes(from))).toEqual([]);
    await until(() => requestLines().length >= answers.length, 'a line for every request');
    expect(logLines.filter((line) => line.includes(from))).toEqual([]);
    const lines = requestLines();
    expect(lines).toHaveLength(answers.length);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(answers.length);
    for (const line of lines) {
      expect(line.level).toBe(30);
      expect(line.client).toMatch(/^ip:[0-9a-f]{32}$/);
    }
    expect(lines.map((line) => [line.status, line.code])).toEqual([
      [200, undefined],
      [404, 'TASK_NOT_FOUND'],
      [400, 'VALIDATION_FAILED'],
      [503, 'DISK_FULL'],
    ]);

    // Refusals: nothing at warn or above, no stack; the 5xx: one error line with its stack.
    const refusedIds = new Set(lines.filter((line) => (line.status ?? 0) < 500).map((line) => line.reqId));
    const ofRefused = parsed().filter((line) => line.reqId && refusedIds.has(line.reqId));
    expect(ofRefused.filter((line) => line.level >= 40)).toEqual([]);
    expect(ofRefused.filter((line) => line.err?.stack)).toEqual([]);
    const failedId = lines.find((line) => line.status === 503)?.reqId;
    const errors = parsed().filter((line) => line.reqId === failedId && line.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.err?.stack).toMatch(/DISK_FULL|disk/i);
  });
});
