// A conversion's result is bounded, not only its upload: a small file of long silence decodes to a
// huge WAV. What the length and the bit rates foresee is refused at once with 413
// OUTPUT_TOO_LARGE; a result that grows past the bound while written (an encoder at a quality,
// whose size nobody can foresee) is stopped and removed. Nothing is left behind either way.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoUploadsSoon, postConversion, useConvertApp } from './support/convert-app';
import { ffmpeg, lavfi } from './support/media-fixtures';

// The bounds are lowered from 1 GiB and 3 hours so that inputs made in a few seconds pass them: a
// minute of 48 kHz stereo WAV is 11 MB, as an hour of it is the 691 MB the default bound is for.
const maxBytes = 4 * 1024 ** 2;
const maxSeconds = 90;
const ctx = useConvertApp('output-bounds', {
  CONVERT_MAX_OUTPUT_BYTES: String(maxBytes),
  CONVERT_MAX_OUTPUT_SECONDS: String(maxSeconds),
});

/** Opus of `source` (a lavfi graph) for `seconds`: long and small, as an upload can be. */
async function opus(name: string, source: string, seconds: number): Promise<string> {
  const file = path.join(ctx.dir, name);
  await ffmpeg([...lavfi(source), '-t', String(seconds), '-c:a', 'libopus', '-b:a', '24k', file]);
  return file;
}

const silence = (name: string, seconds: number) => opus(name, 'anullsrc=r=48000:cl=stereo', seconds);

function refusal(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(413);
  const body = response.json() as { code: string; error: string };
  expect(body.code).toBe('OUTPUT_TOO_LARGE');
  return body.error;
}

describe('conversion output bounds', () => {
  it('refuses at once a WAV the length and sample rate put over the byte bound', async () => {
    // 45 s of 48 kHz stereo 16-bit PCM is 8.6 MB, over the 4 MiB bound; the upload is ~30 kB.
    const input = await silence('silence-45s.opus', 45);
    const response = await postConversion(ctx.server.app, 'audio', input, 'wav');
    expect(refusal(response)).toMatch(/larger than the converter's limit of 4\.0 MB \(about 8\.\d MB\)/);
    await expectNoUploadsSoon(ctx.server.dataDir);
  });

  it('refuses at once a result longer than the length bound', async () => {
    const input = await silence('silence-120s.opus', 120);
    const response = await postConversion(ctx.server.app, 'audio', input, 'mp3');
    expect(refusal(response)).toMatch(/longer than the converter's limit of 90 seconds/);
    await expectNoUploadsSoon(ctx.server.dataDir);
  });

  it('stops and removes a result that passes the byte bound while written', async () => {
    // FLAC compresses at a quality, so nothing foresees its size; of noise it is near PCM size
    // (~7 MB for 60 s), so it passes the 4 MiB bound while written.
    const input = await opus('noise-60s.opus', 'anoisesrc=r=48000:a=0.5,aformat=channel_layouts=stereo', 60);
    const response = await postConversion(ctx.server.app, 'audio', input, 'flac');
    const message = refusal(response);
    expect(message).not.toContain('about');
    await expectNoUploadsSoon(ctx.server.dataDir);
  });

  it('converts what stays inside the bounds', async () => {
    const input = await silence('silence-10s.opus', 10);
    const response = await postConversion(ctx.server.app, 'audio', input, 'wav');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeGreaterThan(1_900_000);
  });
});
