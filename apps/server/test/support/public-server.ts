// A listening test server at the shipped per-client limits (not the raised ones of test-limits.ts),
// and HTTP calls to it from a chosen loopback address: each address is another client, reached
// over a real connection, so no proxy header has to be trusted to tell clients apart.
import { request as httpRequest } from 'node:http';
import { apiPath, apiRoutes, type DownloadTask } from '@grabbit/contracts';
import { loadConfig } from '../../src/config/env';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app';

const shipped = loadConfig({});

/** The public limits, as a server started with no limit settings has them. */
export const publicLimits: Record<string, string> = {
  RATE_LIMIT_API_PER_MINUTE: String(shipped.RATE_LIMIT_API_PER_MINUTE),
  RATE_LIMIT_JOBS_PER_MINUTE: String(shipped.RATE_LIMIT_JOBS_PER_MINUTE),
  RATE_LIMIT_JOB_READS_PER_MINUTE: String(shipped.RATE_LIMIT_JOB_READS_PER_MINUTE),
  RATE_LIMIT_PREVIEWS_PER_MINUTE: String(shipped.RATE_LIMIT_PREVIEWS_PER_MINUTE),
  RATE_LIMIT_HUB_PER_MINUTE: String(shipped.RATE_LIMIT_HUB_PER_MINUTE),
  MAX_ACTIVE_JOBS_PER_CLIENT: String(shipped.MAX_ACTIVE_JOBS_PER_CLIENT),
  RESULTS_MAX_WAITING_PER_CLIENT: String(shipped.RESULTS_MAX_WAITING_PER_CLIENT),
  RESULTS_MAX_WAITING_BYTES_PER_CLIENT: String(shipped.RESULTS_MAX_WAITING_BYTES_PER_CLIENT),
};

export function startPublicServer(
  env: Record<string, string>,
  options: TestAppOptions = {},
): Promise<TestApp> {
  return startTestApp({ ...publicLimits, ...env }, { ...options, listen: true });
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

export interface CallOptions {
  method?: string;
  /** The client's own address (127.0.0.1 to 127.255.255.254). */
  from?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One request over its own connection from `from`; resolves with the whole answer. */
export function call(origin: string, pathname: string, options: CallOptions = {}): Promise<Answer> {
  const { method = 'GET', from = '127.0.0.1', headers = {}, body } = options;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      new URL(pathname, origin),
      { method, localAddress: from, headers, agent: false },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const all = Buffer.concat(chunks);
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: all,
            json: <T>() => JSON.parse(all.toString('utf8')) as T,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** A JSON POST from `from`. */
export const postJson = (origin: string, pathname: string, payload: unknown, from?: string) =>
  call(origin, pathname, {
    method: 'POST',
    ...(from ? { from } : {}),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });

/** Polls a task once a second (within the public API budget) until it has finished. */
export async function waitForTaskAt(origin: string, taskId: string, from?: string): Promise<DownloadTask> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answer = await call(origin, apiPath(apiRoutes.downloadTask, { taskId }), from ? { from } : {});
    const task = answer.json<DownloadTask>();
    if (task.status === 'completed' || task.status === 'error') return task;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${task.status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
