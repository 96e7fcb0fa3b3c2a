// Names visitors see follow the one name rule (packages/contracts file-names.ts): no bidi or
// control characters in a cloud-storage file's saved name (its customKey) nor in a task's title
// read from a page, through a listening server at the shipped limits and the real yt-dlp.
import { apiRoutes, type CloudStoreResponse } from '@grabbit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from './support/fixture-site';
import { call, postJson, startPublicServer, waitForTaskAt } from './support/public-server';
import { startResumeSite, trickTitle, type ResumeSite } from './support/resume-site';
import type { TestApp } from './support/test-app';

let media: FixtureSite;
let site: ResumeSite;
let test: TestApp;

beforeAll(async () => {
  media = await startFixtureSite();
  site = await startResumeSite({ video: `${media.dir}/a.mp4`, firstBytes: 0, videoUrl: media.url('/a.mp4') });
  test = await startPublicServer(
    { MEDIA_TEST_HOSTS: `${site.host},${media.host}` },
    { prefix: 'grabbit-names-' },
  );
}, 120_000);
afterAll(async () => {
  await test?.close();
  await site?.close();
  await media?.close();
});

/** Bidi embeddings, overrides and isolates, and C0/C1 control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what the test looks for
const invisible = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('names without bidi or control characters', () => {
  it("a task's title read from the page, and a cloud file's saved name", async () => {
    const answer = await postJson(test.origin, apiRoutes.cloudDownloadAndUpload, {
      url: site.url('/titled.html'),
      format: 'mp4',
      quality: 'best',
      platform: 'youtube',
      customKey: 'invoice\u202Egpj.exe\u0007',
    });
    expect(answer.status, answer.body.toString()).toBe(200);
    const kept = answer.json<CloudStoreResponse>();

    const task = await waitForTaskAt(test.origin, kept.taskId ?? '');
    expect(task.status, task.error ?? '').toBe('completed');
    expect(trickTitle).toMatch(invisible);
    expect(task.title).toContain('Holiday');
    expect(task.title).not.toMatch(invisible);

    const file = await call(
      test.origin,
      new URL(kept.downloadUrl, test.origin).pathname + new URL(kept.downloadUrl, test.origin).search,
    );
    expect(file.status).toBe(200);
    const disposition = decodeURIComponent(String(file.headers['content-disposition']));
    expect(disposition).toContain('invoice');
    expect(disposition).not.toMatch(invisible);
  });
});
