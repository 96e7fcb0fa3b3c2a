// A download started over real HTTP against a running server, followed by polling its task until
// it ends (completed or error), as an outside API client does.
import type { DownloadTask } from '@grabbit/contracts';
import { expect } from 'vitest';
import { until } from './until';

/** The task once it has ended, polled through GET /api/download/task/{id}. */
export async function finishedTask(
  origin: string,
  taskId: string,
  timeoutMs = 90_000,
): Promise<DownloadTask> {
  let task: DownloadTask | undefined;
  await until(
    async () => {
      task = (await (await fetch(`${origin}/api/download/task/${taskId}`)).json()) as DownloadTask;
      return task.status === 'completed' || task.status === 'error';
    },
    'download finished',
    timeoutMs,
  );
  return task as DownloadTask;
}

/** Starts a download of `url` on `platform`'s endpoint (MP4) and waits for its end. */
export async function downloadOverHttp(
  origin: string,
  platform: string,
  url: string,
  timeoutMs = 90_000,
): Promise<DownloadTask> {
  const started = await fetch(`${origin}/api/download/${platform}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url, format: 'mp4' }),
  });
  expect(started.status, await started.clone().text()).toBe(200);
  const { taskId } = (await started.json()) as { taskId: string };
  return finishedTask(origin, taskId, timeoutMs);
}
