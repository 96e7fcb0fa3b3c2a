// A small forward HTTP proxy for offline tests: it asks for a password, passes every request on
// to its origin, and records each request line with the Cookie header it carried.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingProxy {
  /** http://user:password@127.0.0.1:PORT */
  url: string;
  /** "GET http://host/path" and the Cookie header (or '') of each request passed on. */
  seen: { line: string; cookie: string }[];
  close(): Promise<void>;
}

export async function startRecordingProxy(user: string, password: string): Promise<RecordingProxy> {
  const seen: RecordingProxy['seen'] = [];
  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers['proxy-authorization'] !== expected) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    seen.push({ line: `${req.method} ${req.url}`, cookie: req.headers.cookie ?? '' });
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = request(req.url ?? '', { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  };
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${user}:${password}@127.0.0.1:${port}`,
    seen,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
