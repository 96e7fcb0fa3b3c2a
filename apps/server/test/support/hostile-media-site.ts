// A test host serving hostile media for yt-dlp's own ffmpeg steps: an HLS stream whose video
// rendition is real and whose audio rendition's only segment is not media but a list naming
// other files (`/concat/`: an ffconcat list naming the job folder's cookie file; `/nested/`: an
// HLS playlist naming a local .ts file), and pages whose only format is a non-http link
// (`/page.html?src=URL`); `/clean/` is the same stream with a real audio rendition. Every fixture
// is made by the test.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { makeVideo } from './media-fixtures';
import { makeHls, makeToneTs } from './stream-fixtures';

export interface HostileMediaSite {
  host: string;
  url(pathname: string): string;
  /** The local .ts file the nested playlist names (a 1 s MP2 tone: the result must not hold it). */
  localTs: string;
  close(): Promise<void>;
}

const master = (kind: string) =>
  [
    '#EXTM3U',
    `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="main",DEFAULT=YES,AUTOSELECT=YES,URI="/${kind}/audio.m3u8"`,
    '#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=160x120,CODECS="avc1.64000c,mp4a.40.2",AUDIO="aud"',
    '/video/index.m3u8',
    '',
  ].join('\n');

const audioPlaylist = (kind: string) =>
  [
    '#EXTM3U',
    '#EXT-X-TARGETDURATION:1',
    '#EXT-X-VERSION:3',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXTINF:1.0,',
    `/${kind}/payload.ts`,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');

export async function startHostileMediaSite(): Promise<HostileMediaSite> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grabbit-hostile-media-'));
  const clip = await makeVideo(dir, 'clip.mp4', { audio: false });
  await makeHls(clip, path.join(dir, 'index.m3u8'));
  const localTs = path.join(dir, 'local-secret.ts');
  await makeToneTs(localTs, 1000, 'mp2');
  const audioTs = path.join(dir, 'audio.ts');
  await makeToneTs(audioTs, 440, 'aac');
  const payloads: Record<string, string | Buffer> = {
    // A real audio rendition: yt-dlp's merge of the two still works through the guard.
    clean: readFileSync(audioTs),
    // Names the cookie file as the job folder held it (cookies.txt), as a stream of raw audio.
    concat: "ffconcat version 1.0\nstream\nexact_stream_id 0\nstream_codec pcm_s16le\nfile 'cookies.txt'\n",
    nested: [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:1',
      '#EXT-X-VERSION:3',
      '#EXTINF:1.0,',
      `file://${localTs}`,
      '#EXT-X-ENDLIST',
      '',
    ].join('\n'),
  };
  let base = '';
  const server: Server = createServer((req, res) => {
    const { pathname, searchParams } = new URL(req.url ?? '/', base);
    const [, kind, name] = pathname.split('/');
    const send = (type: string, body: string | Buffer) =>
      res.writeHead(200, { 'content-type': type }).end(body);
    if (pathname === '/page.html') {
      const src = (searchParams.get('src') ?? '').replace(/"/g, '&quot;');
      return send(
        'text/html; charset=utf-8',
        `<!doctype html><html><head><title>Clip</title></head><body><video src="${src}"></video></body></html>`,
      );
    }
    if (kind === 'video' && name) {
      const file = path.join(dir, path.basename(name));
      try {
        return send(
          name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
          readFileSync(file),
        );
      } catch {
        return res.writeHead(404).end();
      }
    }
    if (kind && payloads[kind]) {
      if (name === 'master.m3u8') return send('application/vnd.apple.mpegurl', master(kind));
      if (name === 'audio.m3u8') return send('application/vnd.apple.mpegurl', audioPlaylist(kind));
      if (name === 'payload.ts') return send('video/mp2t', payloads[kind]);
    }
    return res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  base = `http://${host}`;
  return {
    host,
    localTs,
    url: (pathname) => `${base}${pathname}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
