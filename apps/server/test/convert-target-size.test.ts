// TargetSizeMB: real ffmpeg makes the file land between 90% and 100% of the target (video in two
// passes), an impossible target is refused with the smallest size that works before any encode,
// and a target size is refused with the fields for outputs that have no bit rate.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { targetSizeMegabyte as MB } from '@grabbit/catalog';
import { apiRoutes, convertEndpoints } from '@grabbit/contracts';
import { converterById, takesTargetSize } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { containers } from '../src/encode/containers';
import { ffprobe } from '../src/engines/ffprobe';
import { sizeSourceOf } from '../src/encode/target-size';
import { TargetSizeError } from '../src/encode/target-size-errors';
import { encodeToSize } from '../src/encode/two-pass';
import { postConversion, saveFile, useConvertApp } from './support/convert-app';
import { makeAudio } from './support/media-fixtures';
import { probeFile } from './support/media-probes';
import { makeDenseClip } from './support/stream-fixtures';

const ctx = useConvertApp('target-size');
/** Two passes of a minute of 720p take ~10 s on an idle two-core machine; allow a busy one. */
const encodeTimeout = 240_000;

async function convertToSize(file: string, kind: 'audio' | 'video', to: string, megabytes: string) {
  const response = await postConversion(ctx.server.app, kind, file, to, {
    fields: { TargetSizeMB: megabytes },
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const saved = await saveFile(
    ctx.dir,
    `sized-${Math.random().toString(36).slice(2)}.${to}`,
    response.rawPayload,
  );
  return { file: saved, bytes: (await stat(saved)).size };
}

const makeClip = (name: string, seconds: number, width: number, height: number, grain = false) =>
  makeDenseClip(ctx.dir, name, { seconds, width, height, grain });

describe('TargetSizeMB', () => {
  it(
    'makes 6 s of 720p into an MP4 of 0.45 to 0.5 MB',
    async () => {
      // The rate of 5 MB a minute, on a tenth of the frames to encode twice.
      const clip = await makeClip('hd.mkv', 6, 1280, 720);
      const { file, bytes } = await convertToSize(clip, 'video', 'mp4', '0.5');
      expect(bytes).toBeLessThanOrEqual(0.5 * MB);
      expect(bytes).toBeGreaterThanOrEqual(0.45 * MB);
      const probe = await probeFile(file);
      expect(probe.duration).toBeGreaterThan(5.9);
      // 0.5 MB for 6 s (5 MB a minute) is too little for 720p: the picture comes down, the aspect kept.
      expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({
        codec_name: 'h264',
        height: 480,
      });
      expect(probe.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    },
    encodeTimeout,
  );

  it(
    'makes 2 minutes of sound into an MP3 of 0.9 to 1 MB, and the smallest size it names works',
    async () => {
      const wav = await makeAudio(ctx.dir, 'two-minutes.wav', 120);
      const { bytes } = await convertToSize(wav, 'audio', 'mp3', '1');
      expect(bytes).toBeLessThanOrEqual(MB);
      expect(bytes).toBeGreaterThanOrEqual(0.9 * MB);

      const refused = await postConversion(ctx.server.app, 'audio', wav, 'mp3', {
        fields: { TargetSizeMB: '0.1' },
      });
      expect(refused.statusCode).toBe(400);
      const body = refused.json<{ code: string; Error: string }>();
      expect(body.code).toBe('TARGET_SIZE_TOO_SMALL');
      expect(body.Error).toMatch(/too small for 2:00 of media: the smallest size possible is \d+\.\d MB\./);
      const smallest = /possible is ([\d.]+) MB/.exec(body.Error)?.[1] ?? '';
      const least = await convertToSize(wav, 'audio', 'mp3', smallest);
      expect(least.bytes).toBeLessThanOrEqual(Number(smallest) * MB);
    },
    encodeTimeout,
  );

  it(
    'encodes in two passes with progress from 0 to 1 across both, for the downloader too (VP9/Opus in WebM)',
    async () => {
      const clip = await makeClip('small.mp4', 6, 320, 240, true);
      const config = loadConfig({ DATA_DIR: ctx.dir, LOG_LEVEL: 'silent' });
      const context = {
        workDir: ctx.dir,
        deadline: Date.now() + encodeTimeout,
        signal: new AbortController().signal,
      };
      const probe = await ffprobe(config, clip, 'mp4', context);
      const output = path.join(ctx.dir, 'sized.webm');
      const fractions: number[] = [];
      const targetBytes = 0.25 * MB;
      const plan = await encodeToSize(
        config,
        {
          input: clip,
          demuxer: 'mp4',
          plan: {
            video: { map: '0:V:0?', encoding: containers.webm.video },
            audio: { map: '0:a:0?', encoding: containers.webm.audio },
            muxer: 'webm',
          },
          container: containers.webm,
          source: sizeSourceOf(probe, containers.webm),
          targetBytes,
          output,
          onProgress: (fraction) => fractions.push(fraction),
        },
        context,
      );
      expect(plan.video?.encoder).toBe('libvpx-vp9');
      const { size } = await stat(output);
      expect(size).toBeLessThanOrEqual(targetBytes);
      expect(size).toBeGreaterThanOrEqual(0.9 * targetBytes);
      expect(fractions.some((f) => f > 0 && f < 0.4)).toBe(true);
      expect(fractions.some((f) => f > 0.4 && f < 1)).toBe(true);
      expect(fractions.at(-1)).toBe(1);
      expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
      // The pass files stay in the job's folder and go with the encode.
      await expect(stat(path.join(ctx.dir, 'target-size-pass-0.log'))).rejects.toThrow();
    },
    encodeTimeout,
  );

  it(
    'fits every other output with a bit rate (each encoder held to its rate, both passes agreeing)',
    async () => {
      const clip = await makeClip('each.mkv', 2, 320, 240, true);
      const wav = await makeAudio(ctx.dir, 'each.wav', 10);
      const pages = [
        [converterById('mkv'), clip, 'video', 0.2],
        [converterById('wav'), wav, 'audio', 0.1],
      ] as const;
      for (const [page, input, kind, megabytes] of pages) {
        const outputs = (page?.outputs ?? []).filter((output) => takesTargetSize(output) && output !== 'mp4');
        expect(outputs.length).toBeGreaterThan(3);
        for (const output of outputs) {
          const { file, bytes } = await convertToSize(input, kind, output, String(megabytes));
          expect(bytes, output).toBeLessThanOrEqual(megabytes * MB);
          expect((await probeFile(file)).duration, output).toBeGreaterThan(kind === 'video' ? 1.5 : 9);
        }
      }
    },
    encodeTimeout,
  );

  it('refuses an impossible target before ffmpeg starts', async () => {
    const wav = await makeAudio(ctx.dir, 'short.wav', 30);
    // No ffmpeg at this path: had an encode started, the failure would be the engine's.
    const config = {
      ...loadConfig({ DATA_DIR: ctx.dir, LOG_LEVEL: 'silent' }),
      FFMPEG_PATH: '/nonexistent/ffmpeg',
    };
    const context = { workDir: ctx.dir, deadline: Date.now() + 60_000, signal: new AbortController().signal };
    const probe = await ffprobe(config, wav, 'wav', context);
    const attempt = encodeToSize(
      config,
      {
        input: wav,
        demuxer: 'wav',
        plan: { audio: { encoding: containers.mp3.audio }, muxer: 'mp3' },
        container: containers.mp3,
        source: sizeSourceOf(probe, containers.mp3),
        targetBytes: 0.05 * MB,
        output: path.join(ctx.dir, 'never.mp3'),
      },
      context,
    );
    await expect(attempt).rejects.toBeInstanceOf(TargetSizeError);
    await expect(attempt).rejects.toMatchObject({ problem: 'too-small' });
  });

  it.each([
    [{ OutputFormat: 'wav', TargetSizeMB: '5' }, 'TargetSizeMB needs an output with a bit rate'],
    [{ TargetSizeMB: '5', AudioBitrate: '128k' }, 'Choose AudioBitrate or TargetSizeMB, not both'],
    [{ TargetSizeMB: '0' }, 'TargetSizeMB must be more than 0'],
    [{ TargetSizeMB: 'small' }, 'TargetSizeMB must be a number of megabytes'],
  ])('refuses %j with the fields', async (fields, message) => {
    const wav = await makeAudio(ctx.dir, 'fields.wav', 1);
    const response = await postConversion(ctx.server.app, 'audio', wav, 'mp3', { fields });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(response.json<{ Error: string }>().Error).toContain(message);
  });

  it('is documented with the converter fields in the OpenAPI document', async () => {
    const response = await ctx.server.app.inject({ method: 'GET', url: apiRoutes.openApi });
    const document = response.json<{
      paths: Record<
        string,
        {
          post?: {
            requestBody?: {
              content: Record<string, { schema: { properties: Record<string, { description?: string }> } }>;
            };
          };
        }
      >;
    }>();
    for (const endpoint of [convertEndpoints.audio, convertEndpoints.video]) {
      const form = document.paths[endpoint]?.post?.requestBody?.content['multipart/form-data']?.schema;
      expect(form?.properties.TargetSizeMB?.description).toMatch(/TARGET_SIZE_TOO_SMALL/);
    }
  });
});
