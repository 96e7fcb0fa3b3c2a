// A local stand-in for the SponsorBlock API: `/api/skipSegments/<prefix>` answers the videos of
// `videos` whose id's SHA-256 starts with the prefix (404 when none), as the real API does; with
// `hang`, it takes every request and never answers (a slow API).
import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FixtureSegment {
  category: string;
  segment: [number, number];
  actionType?: string;
}

export interface SponsorBlockApi {
  /** "127.0.0.1:PORT": for MEDIA_TEST_HOSTS. */
  host: string;
  /** The SPONSORBLOCK_API_URL. */
  url: string;
  /** Every request's path and query. */
  requests: string[];
  close(): Promise<void>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function startSponsorBlockApi(
  videos: Record<string, FixtureSegment[]>,
  options: { hang?: boolean } = {},
): Promise<SponsorBlockApi> {
  const requests: string[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (options.hang) return void held.push(res);
    const prefix = /^\/api\/skipSegments\/([0-9a-f]{4,64})(?:\?|$)/.exec(req.url ?? '')?.[1];
    if (!prefix) return void res.writeHead(400).end('bad request');
    const matching = Object.entries(videos)
      .filter(([id]) => sha256(id).startsWith(prefix))
      .map(([videoID, segments]) => ({
        videoID,
        hash: sha256(videoID),
        segments: segments.map((s, i) => ({
          actionType: 'skip',
          UUID: `${videoID}-${i}`,
          videoDuration: 0,
          locked: 0,
          votes: 1,
          description: '',
          ...s,
        })),
      }));
    if (!matching.length) return void res.writeHead(404).end('Not Found');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(matching));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
