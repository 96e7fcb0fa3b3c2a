// A local webhook receiver for tests: a plain node:http server on a free port of 127.0.0.1 that
// records every request (path, headers, the body as received) and answers as the test says
// (a status, headers, after a delay, or not at all until released).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface HookAnswer {
  status: number;
  headers?: Record<string, string>;
  delayMs?: number;
}

export interface WebhookReceiver {
  /** "127.0.0.1:PORT": the WEBHOOK_TEST_HOSTS entry. */
  host: string;
  url(path: string): string;
  received: ReceivedHook[];
  /** Requests to `path`, oldest first. */
  to(path: string): ReceivedHook[];
  /** How the next requests to `path` are answered (the last entry answers all after it). */
  answer(path: string, ...answers: HookAnswer[]): void;
  /** Requests to `path` answered so far. */
  answered(path: string): number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const plans = new Map<string, HookAnswer[]>();
  const done = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const plan = plans.get(path) ?? [];
      const next = (plan.length > 1 ? plan.shift() : plan[0]) ?? { status: 204 };
      setTimeout(() => {
        response.writeHead(next.status, next.headers ?? {}).end();
        done.set(path, (done.get(path) ?? 0) + 1);
      }, next.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    url: (path) => `http://${host}${path}`,
    received,
    to: (path) => received.filter((hook) => hook.path === path),
    answer: (path, ...answers) => void plans.set(path, answers),
    answered: (path) => done.get(path) ?? 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
