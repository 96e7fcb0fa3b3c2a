// A web site that misbehaves in two ways real ones do, for hardening tests:
//   /swap.mp4     a video whose answer stops after `firstBytes` until the test calls `cut()` (the
//                 connection is then dropped); yt-dlp's resume (a Range request) gets a fresh
//                 200 of other bytes of the same length: an HTML page padded to the video's size
//   /titled.html  a page whose title carries a right-to-left override and control characters,
//                 with one <video> that points at `videoUrl`
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const trickTitle = 'Holiday \u202Egpj.exe\u202C clip\u0007';

export interface ResumeSite {
  host: string;
  url(pathname: string): string;
  /** The video's bytes as first served. */
  original: Buffer;
  /** Range requests received so far. */
  resumes: number;
  /** Drops the connection of the latest first answer (yt-dlp's download, held after its first bytes). */
  cut(): void;
  close(): Promise<void>;
}

export async function startResumeSite(options: {
  video: string;
  firstBytes: number;
  videoUrl: string;
}): Promise<ResumeSite> {
  const original = readFileSync(options.video);
  const page = Buffer.from('<!doctype html><html><body>not a video</body></html>');
  const replacement = Buffer.concat([page, Buffer.alloc(original.length - page.length, 0x20)]);
  let holding: ServerResponse | undefined;
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://site');
    if (pathname === '/titled.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><html><head><title>${trickTitle}</title></head>` +
          `<body><video src="${options.videoUrl}"></video></body></html>`,
      );
    }
    if (pathname !== '/swap.mp4') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': original.length });
    if (req.headers.range) {
      site.resumes += 1;
      return res.end(replacement);
    }
    if (req.method === 'HEAD') return res.end();
    res.write(original.subarray(0, options.firstBytes));
    holding = res;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const site: ResumeSite = {
    host: `127.0.0.1:${port}`,
    url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
    original,
    resumes: 0,
    cut: () => holding?.destroy(),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return site;
}
