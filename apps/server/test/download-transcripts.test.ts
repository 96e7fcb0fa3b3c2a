// Transcripts through the real API and yt-dlp: a fixture page's caption track (automatic-caption
// style: each cue repeats the line before it, with word timings) saved as plain text, Markdown,
// JSON, SRT and VTT; a video without captions is a clear SUBTITLES_NOT_FOUND.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DownloadTask } from '@grabbit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobFolders, useSiteAndApp, waitForTask } from './support/download-app';
import { rollingCaptions } from './support/preview-fixtures';

const fx = useSiteAndApp({ DOWNLOAD_CONCURRENCY: '2' });

beforeAll(() => {
  writeFileSync(path.join(fx.site.dir, 'rolling.vtt'), rollingCaptions);
});

async function transcript(
  format: string,
  track = 'rolling.vtt',
): Promise<{ task: DownloadTask; text: string }> {
  const start = await fx.test.app.inject({
    method: 'POST',
    url: '/api/download/vimeo',
    payload: {
      url: fx.site.url(`/captioned.html${track ? `?track=${track}` : ''}`),
      format,
      subtitles: 'en',
    },
  });
  expect(start.statusCode, start.body).toBe(200);
  const task = await waitForTask(fx.test.app, start.json<{ taskId: string }>().taskId, 120_000);
  if (task.status !== 'completed') return { task, text: '' };
  const answer = await fx.test.app.inject({ method: 'GET', url: task.downloadUrl ?? '' });
  expect(answer.statusCode).toBe(200);
  return { task, text: answer.body };
}

describe('transcripts', () => {
  it('plain text: the rolling captions once each, as sentences', async () => {
    const { task, text } = await transcript('txt');
    // Named by the title (yt-dlp's generic extractor numbers a page's first video "(1)").
    expect(task.fileName).toMatch(/^A talk( \(1\))?\.txt$/);
    expect(text).toBe('hello there friends this is a test.\nGoodbye & thanks!\n');
    expect(jobFolders(fx.test.dataDir)).toEqual([]);
  });

  it('Markdown with timestamps', async () => {
    const { task, text } = await transcript('md');
    expect(task.title).toMatch(/^A talk/);
    expect(text).toBe(
      `# ${task.title}\n\n**[00:00]** hello there friends this is a test.\n\n**[00:02]** Goodbye & thanks!\n`,
    );
  });

  it('JSON with each sentence timed', async () => {
    const { task, text } = await transcript('json');
    expect(task.title).toMatch(/^A talk/);
    expect(JSON.parse(text)).toEqual({
      title: task.title,
      language: 'en',
      segments: [
        { start: 0, end: 2, text: 'hello there friends this is a test.' },
        { start: 2, end: 3, text: 'Goodbye & thanks!' },
      ],
    });
  });

  it('SRT and VTT stay subtitle files', async () => {
    expect((await transcript('srt')).text).toMatch(/^1\r?\n00:00:00,000 --> 00:00:01,000/);
    expect((await transcript('vtt')).text).toMatch(/^WEBVTT/);
  });

  it('a video without captions: SUBTITLES_NOT_FOUND with a clear message', async () => {
    const { task } = await transcript('txt', '');
    expect(task.status).toBe('error');
    expect(task.errorCode).toBe('SUBTITLES_NOT_FOUND');
    expect(task.error).toMatch(/no subtitles or captions in "en"/);
  });
});
