// A local site that, like the platforms, wants a session: /watch.html (a page with one <video>)
// and /media.mp4 answer only requests carrying a known `sid` cookie (403 otherwise), answer 429
// to the sessions it rate-limits, and set a `visit` cookie of their own on every answer (sites
// rotate cookies as they are used) with one more of a new name each time. A page under /refused/ is refused to every session (403, as a
// made-up post id is on Instagram). Every request is recorded with the session it carried.
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { platforms } from '@grabbit/catalog';
import { makeVideo } from './media-fixtures';

export interface SessionSite {
  /** "127.0.0.1:PORT": the MEDIA_TEST_HOSTS entry. */
  host: string;
  url(pathname: string): string;
  /** Every request: its path and the `sid` it carried ('' for none). */
  requests: { path: string; sid: string }[];
  /** Sessions answered 429 from now on. */
  rateLimited: Set<string>;
  /** A Netscape cookie file holding one session for this site. */
  cookieFile(sid: string): string;
  close(): Promise<void>;
}

/** Every platform's check link set to `link` (the site's page), as an operator's settings. */
export const checkLinksAt = (link: string): Record<string, string> =>
  Object.fromEntries(platforms.map((p) => [`ACCESS_CHECK_LINK_${p.id.toUpperCase()}`, link]));

const sidOf = (req: IncomingMessage) => /(?:^|;\s*)sid=([^;]*)/.exec(req.headers.cookie ?? '')?.[1] ?? '';

export async function startSessionSite(validSessions: string[]): Promise<SessionSite> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-session-site-'));
  const media = await makeVideo(dir, 'media.mp4');
  const requests: SessionSite['requests'] = [];
  const rateLimited = new Set<string>();
  let visits = 0;
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const sid = sidOf(req);
    const pathname = new URL(req.url ?? '/', 'http://site').pathname;
    requests.push({ path: pathname, sid });
    visits += 1;
    // A new cookie name on every answer too, as trackers do: a jar kept unbounded grows each run.
    res.setHeader('set-cookie', [
      `visit=v${visits}; Path=/; Max-Age=3600`,
      `seen${visits}=1; Path=/; Max-Age=3600`,
    ]);
    if (rateLimited.has(sid)) return res.writeHead(429, { 'retry-after': '3600' }).end('slow down');
    if (pathname.startsWith('/refused/')) return res.writeHead(403).end('login required');
    if (!validSessions.includes(sid)) return res.writeHead(403).end('log in first');
    if (pathname === '/watch.html')
      return res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          '<!doctype html><html><head><title>Session video</title></head><body><video src="/media.mp4"></video></body></html>',
        );
    if (pathname === '/media.mp4') {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': statSync(media).size });
      return createReadStream(media).pipe(res);
    }
    return res.writeHead(404).end('not found');
  };
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const expires = Math.floor(Date.now() / 1000) + 24 * 3600;
  return {
    host,
    url: (pathname) => `http://${host}${pathname}`,
    requests,
    rateLimited,
    cookieFile: (sid) => `# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t${expires}\tsid\t${sid}\n`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
