// SponsorBlock through the real API, yt-dlp and ffmpeg: a local SponsorBlock API answers segments
// of the fixture video by hash prefix; `remove` cuts them out exactly (the length read back by
// ffprobe, within a frame or two) and moves the site's chapters, `chapters` writes them as chapters
// named by category, and a SponsorBlock API that refuses connections or does not answer in time
// leaves the download whole, with a notice saying so.
import { jobPath, type Job } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { freePort } from './support/free-port';
import { makeVideo } from './support/media-fixtures';
import { startSponsorBlockApi, type SponsorBlockApi } from './support/sponsorblock-api';
import {
  downloadSaved,
  jobFolders,
  probeWithTags,
  startTestApp,
  type ProbedWithTags,
  type TestApp,
} from './support/download-app';

/** The id yt-dlp's generic extractor gives /tagged.html?src=six.mp4 (its address's last part). */
const videoId = 'tagged.html?src=six';
/** Six seconds: 1-2 sponsor and 1.5-2.5 self-promotion overlap (cut as one), 4-5 outro, 2.5 s in all. */
const segments = [
  { category: 'sponsor', segment: [1, 2] as [number, number] },
  { category: 'selfpromo', segment: [1.5, 2.5] as [number, number] },
  { category: 'outro', segment: [4, 5] as [number, number] },
  // Not asked for: left in the file.
  { category: 'music_offtopic', segment: [5.2, 5.8] as [number, number] },
];
/** A frame at 25 fps, and a little sound-encoder padding. */
const tolerance = 0.1;
/** Each download runs yt-dlp and ffmpeg: minutes on a busy shared machine, not the default minute. */
const slow = { timeout: 240_000 };

let site: FixtureSite;
let api: SponsorBlockApi;
let slowApi: SponsorBlockApi;
const apps: TestApp[] = [];

beforeAll(async () => {
  site = await startFixtureSite();
  api = await startSponsorBlockApi({
    [videoId]: segments,
    other: [{ category: 'sponsor', segment: [0, 3] }],
  });
  slowApi = await startSponsorBlockApi({}, { hang: true });
  await makeVideo(site.dir, 'six.mp4', {
    seconds: 6,
    codecs: ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '15', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
  });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await site?.close();
  await api?.close();
  await slowApi?.close();
});

/** An app asking SponsorBlock at `apiUrl` (trusted as a local test host). */
async function appWith(apiUrl: string, env: Record<string, string> = {}, logLines?: string[]) {
  const app = await startTestApp(
    {
      MEDIA_TEST_HOSTS: `${site.host},${new URL(apiUrl).host}`,
      SPONSORBLOCK_API_URL: apiUrl,
      DOWNLOAD_CONCURRENCY: '2',
      ...env,
    },
    { prefix: 'grabbit-sponsorblock-', ...(logLines ? { logLines } : {}) },
  );
  apps.push(app);
  return app;
}

const link = () => site.url('/tagged.html?src=six.mp4&chapters=1');

const download = (app: TestApp, payload: object) => downloadSaved(app.app, 'youtube', payload, 200_000);
const probe = probeWithTags;

const chapterList = (probed: ProbedWithTags) =>
  probed.chapters.map((c) => [Number(c.start_time), Number(c.end_time), c.tags?.title]);

describe('SponsorBlock segments', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await appWith(api.url);
  });

  it(
    'removed from an MP4: 2.5 s cut exactly, the chapters moved to match, the tags still written',
    slow,
    async () => {
      const { task, file } = await download(app, { url: link(), format: 'mp4', sponsorBlock: 'remove' });
      expect(task.notice).toBeUndefined();
      const probed = probe(file);
      expect(probed.format.tags?.title).toBe('Tagged – Ünïcode song');
      expect(Math.abs(Number(probed.format.duration) - 3.5)).toBeLessThan(tolerance);
      for (const stream of probed.streams)
        expect(Math.abs(Number(stream.duration) - 3.5), stream.codec_type).toBeLessThan(tolerance);
      // Opening 0-2 loses 1-2, Middle 2-4 loses 2-2.5, Closing 4-6 loses 4-5.
      expect(chapterList(probed)).toEqual([
        [0, 1, 'Opening'],
        [1, 2.5, 'Middle part'],
        [2.5, 3.5, 'Closing'],
      ]);
      expect(jobFolders(app.dataDir)).toEqual([]);
      // Only the hash prefix left the server, never the video id.
      expect(api.requests.length).toBeGreaterThan(0);
      expect(api.requests.join(' ')).not.toContain(videoId);
    },
  );

  it('removed from an MP3, asked once per video (the answer is kept)', slow, async () => {
    const asked = api.requests.length;
    const { file } = await download(app, { url: link(), format: 'mp3', sponsorBlock: 'remove' });
    expect(Math.abs(Number(probe(file).format.duration) - 3.5)).toBeLessThan(tolerance);
    expect(api.requests.length).toBe(asked);
  });

  it('marked as chapters named by category, the file uncut', slow, async () => {
    const { file } = await download(app, { url: link(), format: 'mkv', sponsorBlock: 'chapters' });
    const probed = probe(file);
    expect(Math.abs(Number(probed.format.duration) - 6)).toBeLessThan(tolerance);
    expect(chapterList(probed)).toEqual([
      [0, 1, 'Opening'],
      [1, 2, 'Sponsor'],
      [2, 2.5, 'Self-promotion'],
      [2.5, 4, 'Middle part'],
      [4, 5, 'Outro'],
      [5, 6, 'Closing'],
    ]);
  });

  it('asked for a site SponsorBlock does not know: 400, nothing started', async () => {
    const answer = await app.app.inject({
      method: 'POST',
      url: '/api/download/vimeo',
      payload: { url: link(), format: 'mp4', sponsorBlock: 'remove' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('SponsorBlock unavailable', () => {
  it(
    'refusing connections: the download completes whole, and says so (a warning line, not an error)',
    slow,
    async () => {
      const logLines: string[] = [];
      const app = await appWith(`http://127.0.0.1:${await freePort()}`, { LOG_LEVEL: 'info' }, logLines);
      const { task, file } = await download(app, { url: link(), format: 'mp4', sponsorBlock: 'remove' });
      expect(task.notice).toBe('SponsorBlock did not answer: nothing was cut.');
      // The public job of the download says the same.
      const job = (await app.app.inject({ url: jobPath(task.taskId) })).json<Job>();
      expect(job).toMatchObject({ kind: 'download', status: 'done', notice: task.notice });
      expect(Math.abs(Number(probe(file).format.duration) - 6)).toBeLessThan(tolerance);
      const said = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(said.find((line) => line.msg.includes('SponsorBlock'))?.level).toBe(40);
    },
  );

  it(
    'not answering within SPONSORBLOCK_TIMEOUT_MS: the download completes whole, and says so',
    slow,
    async () => {
      const app = await appWith(slowApi.url, { SPONSORBLOCK_TIMEOUT_MS: '1000' });
      const { task, file } = await download(app, { url: link(), format: 'mkv', sponsorBlock: 'chapters' });
      expect(slowApi.requests.length).toBeGreaterThan(0);
      expect(task.notice).toBe('SponsorBlock did not answer: no segments were marked as chapters.');
      expect(probe(file).chapters.map((c) => c.tags?.title)).toEqual(['Opening', 'Middle part', 'Closing']);
    },
  );
});
