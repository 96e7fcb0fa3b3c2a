// Operators see why a download failed: one warning line with the task, the platform, the error
// code and yt-dlp's own ERROR line, with credentials in it masked. The visitor still reads only
// the product's message.
import type { DownloadTask } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { startTestApp, waitForTask, type TestApp } from './support/download-app';

let site: FixtureSite;
let test: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  site = await startFixtureSite();
  test = await startTestApp({ MEDIA_TEST_HOSTS: site.host, LOG_LEVEL: 'warn' }, { logLines });
});

afterAll(async () => {
  await test?.close();
  await site?.close();
});

describe('a failed download in the log', () => {
  it('logs task, platform, code and the engine line, without the link’s secret', async () => {
    const secret = 's3cret-token-value';
    const start = await test.app.inject({
      method: 'POST',
      url: '/api/download/reddit',
      payload: { url: site.url(`/missing.mp4?token=${secret}`) },
    });
    expect(start.statusCode, start.body).toBe(200);
    const { taskId } = start.json<{ taskId: string }>();
    const task: DownloadTask = await waitForTask(test.app, taskId);
    expect(task.status).toBe('error');
    expect(task.error).not.toMatch(/ERROR:/);
    const entries = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = entries.find((entry) => entry.msg === 'download failed' && entry.taskId === taskId);
    expect(failure).toMatchObject({ level: 40, platform: 'reddit', code: task.errorCode });
    expect(String(failure?.engineError)).toMatch(/^ERROR: .*404/);
    expect(logLines.join('\n')).not.toContain(secret);
  });
});
