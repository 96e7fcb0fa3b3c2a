// A local web site that stands in for the 14 platforms in offline tests: fixture media made once
// with ffmpeg (1 s, 160x120), served the way sites serve them, so the real yt-dlp fetches them
// through its generic extractor (allowed only for MEDIA_TEST_HOSTS).
//   /a.mp4 (H.264/AAC), /b.webm (VP9/Opus), /surround.mkv (MPEG-4 Part 2, 5.1 AAC), /hls/index.m3u8, /photo.jpg, /one.html (one <video>),
//   /post.html (three <video>s: a multi-media post), /mixed-post.html (a video and a photo),
//   /feed-3.xml and /feed-30.xml (RSS playlists),
//   /feed-long.xml (3 items of 4 h each), /slow/a.mp4 (trickles: for timeouts),
//   /throttle/<file> (about 64 KB/s: several progress steps), /steady/<file> (about 4 MB/s: a
//   download of a few seconds), /missing.mp4 (404), and for short links /redirect?to=URL[&status=301][&head=refuse] (HEAD refused answers 405), /loop (a
//   redirect to itself), /hang (never answers), /elsewhere.html?src=URL (a page whose og:video and
//   <video> point at any address: for the egress guard), /described.html?src=FILE&seconds=N (a page
//   whose schema.org data gives the media's length), /tagged.html?src=FILE[&chapters=1] (a page
//   whose schema.org data names a title, an uploader, a date, a picture and, asked, three chapters
//   of 2 s), /captioned.html?track=FILE (a <video> with an English <track> of FILE, or none); with `preview`, the /preview/ pages of preview-fixtures.ts.
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ffmpeg, makeVideo, vp9Realtime } from './media-fixtures';
import { makeHls } from './stream-fixtures';
import { makePreviewMedia, previewPage } from './preview-fixtures';

export interface FixtureSite {
  /** "127.0.0.1:PORT": the MEDIA_TEST_HOSTS entry. */
  host: string;
  url(pathname: string): string;
  dir: string;
  /** Every request so far, as "METHOD /path?query". */
  requests: string[];
  /** The Cookie header of each request in `requests` ('' when it had none). */
  cookies: string[];
  /** How many requests so far asked for exactly `pathname` (no query), whatever their method. */
  timesAsked(pathname: string): number;
  close(): Promise<void>;
}

export interface FixtureMediaOptions {
  /** Adds /big.mp4 of about that size (for benchmarks). */
  bigMegabytes?: number;
  /** Adds the /preview/ pages and media (preview-fixtures.ts). */
  preview?: boolean;
  /**
   * The name containers reach the site by (podman's host.containers.internal): the site then
   * listens on every address, and `host` and `url` use that name. Default: 127.0.0.1 only.
   */
  reachedAs?: string;
}

async function makeFixtureMedia(dir: string, options: FixtureMediaOptions = {}): Promise<void> {
  if (options.preview) await makePreviewMedia(dir);
  const clip = await makeVideo(dir, 'a.mp4');
  await makeVideo(dir, 'b.webm', {
    codecs: [...vp9Realtime, '-b:v', '100k', '-c:a', 'libopus'],
  });
  await makeVideo(dir, 'surround.mkv', { codecs: ['-c:v', 'mpeg4', '-c:a', 'aac', '-ac', '6'] });
  await ffmpeg(['-i', clip, '-frames:v', '1', path.join(dir, 'photo.jpg')]);
  await mkdir(path.join(dir, 'hls'), { recursive: true });
  await makeHls(clip, path.join(dir, 'hls', 'index.m3u8'));
  if (options.bigMegabytes) {
    // Noise does not compress: the file size follows the bit rate.
    const seconds = 20;
    const kbps = Math.round((options.bigMegabytes * 8 * 1024) / seconds);
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=640x360:rate=25:duration=${seconds},noise=alls=100:allf=t`,
      '-f',
      'lavfi',
      '-i',
      `sine=duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-b:v',
      `${kbps}k`,
      '-maxrate',
      `${kbps}k`,
      '-bufsize',
      `${kbps}k`,
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      // As video is served on the web: the index at the front, so it plays (and probes) as it arrives.
      '-movflags',
      '+faststart',
      path.join(dir, 'big.mp4'),
    ]);
  }
}

const types: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.jpg': 'image/jpeg',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.vtt': 'text/vtt',
};

function rss(base: string, title: string, count: number, duration = 1): string {
  const items = Array.from({ length: count }, (_, i) => {
    const file = i % 2 === 0 ? 'a.mp4' : 'b.webm';
    const link = `${base}/${file}?item=${i + 1}`;
    const hours = new Date(duration * 1000).toISOString().slice(11, 19);
    return (
      `<item><title>Item ${i + 1}: ${title}</title><link>${link}</link><guid>item-${i + 1}</guid>` +
      `<enclosure url="${link}" type="${types[path.extname(file)]}" length="1"/><itunes:duration>${hours}</itunes:duration>` +
      `<itunes:image href="${base}/photo.jpg"/></item>`
    );
  });
  return (
    `<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>` +
    `<title>${title}</title><link>${base}/</link>${items.join('')}</channel></rss>`
  );
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

/** The title of /tagged.html: non-ASCII kept, a right-to-left override the name rule removes. */
export const taggedTitle = 'Tagged – Ünïcode\u202e song';
export const taggedChapters = ['Opening', 'Middle part', 'Closing'];

function taggedPage(base: string, query: URLSearchParams): string {
  const described = {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: taggedTitle,
    contentUrl: `${base}/${query.get('src') ?? 'a.mp4'}`,
    thumbnailUrl: `${base}/photo.jpg`,
    uploadDate: '2026-01-02',
    author: { '@type': 'Person', name: 'Fixture Artist' },
    ...(query.get('chapters')
      ? {
          hasPart: taggedChapters.map((name, i) => ({
            '@type': 'Clip',
            name,
            startOffset: i * 2,
            endOffset: i * 2 + 2,
          })),
        }
      : {}),
  };
  return (
    `<!doctype html><html><head><title>Tagged</title><script type="application/ld+json">` +
    `${JSON.stringify(described)}</script></head><body></body></html>`
  );
}

function serveFile(res: ServerResponse, file: string, bytesPerTick?: number, tickMs = 50): void {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  res.writeHead(200, {
    'content-type': types[path.extname(file)] ?? 'application/octet-stream',
    'content-length': size,
  });
  if (!bytesPerTick) {
    createReadStream(file).pipe(res);
    return;
  }
  const stream = createReadStream(file, { highWaterMark: bytesPerTick });
  stream.on('data', (chunk) => {
    res.write(chunk);
    stream.pause();
    setTimeout(() => stream.resume(), tickMs).unref();
  });
  stream.on('end', () => res.end());
  res.on('close', () => stream.destroy());
}

export async function startFixtureSite(options: FixtureMediaOptions = {}): Promise<FixtureSite> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-fixture-site-'));
  await makeFixtureMedia(dir, options);
  let base = '';
  const requests: string[] = [];
  const cookies: string[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const { pathname, searchParams } = new URL(req.url ?? '/', base);
    requests.push(`${req.method} ${req.url}`);
    cookies.push(req.headers.cookie ?? '');
    if (pathname === '/hang') return;
    if (pathname === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (pathname === '/redirect') {
      if (req.method === 'HEAD' && searchParams.get('head') === 'refuse') return res.writeHead(405).end();
      return res
        .writeHead(Number(searchParams.get('status') ?? 302), { location: searchParams.get('to') ?? '/' })
        .end();
    }
    const html = (body: string) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    const xml = (body: string) => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(body);
    if (pathname === '/one.html')
      return html(page('One video – Ünïcode title', `<video src="/a.mp4" poster="/photo.jpg"></video>`));
    if (pathname === '/elsewhere.html') {
      const src = (searchParams.get('src') ?? '').replace(/"/g, '&quot;');
      return html(
        `<!doctype html><html><head><title>Elsewhere</title><meta property="og:video" content="${src}">` +
          `<meta property="og:type" content="video.other"></head><body><video src="${src}"></video></body></html>`,
      );
    }
    if (pathname === '/described.html') {
      // A page that says how long its media is (schema.org VideoObject), as real sites do.
      const described = {
        '@context': 'https://schema.org',
        '@type': 'VideoObject',
        name: 'Described media',
        contentUrl: `${base}/${searchParams.get('src') ?? 'a.mp4'}`,
        duration: `PT${Number(searchParams.get('seconds') ?? '1')}S`,
      };
      return html(
        `<!doctype html><html><head><title>Described</title><script type="application/ld+json">` +
          `${JSON.stringify(described)}</script></head><body></body></html>`,
      );
    }
    if (pathname === '/tagged.html') return html(taggedPage(base, searchParams));
    if (pathname === '/captioned.html') {
      const track = searchParams.get('track');
      const trackTag = track
        ? `<track kind="subtitles" src="/${encodeURIComponent(track)}" srclang="en" label="English">`
        : '';
      return html(
        page('A talk', `<video controls><source src="/a.mp4" type="video/mp4">${trackTag}</video>`),
      );
    }
    if (pathname === '/post.html') {
      return html(
        page(
          'A post',
          '<video src="/a.mp4"></video><video src="/b.webm"></video><video><source src="/a.mp4?copy=2" type="video/mp4"></video>',
        ),
      );
    }
    if (pathname === '/mixed-post.html') {
      return html(page('Mixed post', '<video src="/a.mp4"></video><video src="/photo.jpg"></video>'));
    }
    const preview = previewPage(pathname, base);
    if (preview) return html(preview);
    if (pathname === '/feed-3.xml') return xml(rss(base, 'Three clips', 3));
    if (pathname === '/feed-30.xml') return xml(rss(base, 'Thirty clips', 30));
    if (pathname === '/feed-long.xml') return xml(rss(base, 'Long talks', 3, 4 * 3600));
    if (pathname.startsWith('/slow/'))
      return serveFile(res, path.join(dir, path.basename(pathname)), 16, 1000);
    if (pathname.startsWith('/throttle/'))
      return serveFile(res, path.join(dir, path.basename(pathname)), 3200, 50);
    if (pathname.startsWith('/steady/'))
      return serveFile(res, path.join(dir, path.basename(pathname)), 128 * 1024, 30);
    const file = path.join(dir, path.normalize(pathname));
    if (!file.startsWith(dir)) return res.writeHead(403).end();
    return serveFile(res, file);
  };
  const server: Server = createServer(handler);
  const listenOn = options.reachedAs ? '0.0.0.0' : '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, listenOn, resolve));
  const { port } = server.address() as AddressInfo;
  const host = `${options.reachedAs ?? '127.0.0.1'}:${port}`;
  base = `http://${host}`;
  return {
    host,
    dir,
    requests,
    cookies,
    timesAsked: (pathname) =>
      requests.filter((line) => line.slice(line.indexOf(' ') + 1) === pathname).length,
    url: (pathname) => `${base}${pathname}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
