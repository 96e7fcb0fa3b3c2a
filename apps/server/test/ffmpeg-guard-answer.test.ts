// yt-dlp asks ffmpeg and ffprobe `-bsfs` at the start of every run (their versions and features).
// The guard answers it from what the server read off the real engines once: the answer is the
// engine's own, the guard gives it without starting the engine, and yt-dlp reads the same versions
// and features from it as from the real engines.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { ffmpegGuardDir, ffmpegGuardEnv } from '../src/ytdlp/ffmpeg-guard';

const run = promisify(execFile);
const config = loadConfig({ NODE_ENV: 'test' });

/** What a program prints on both streams, standard error first (as yt-dlp reads it). */
async function answerOf(program: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const { stdout, stderr } = await run(program, args, { env, maxBuffer: 1024 * 1024 });
  return stderr + stdout;
}

/** The "exe versions" line of a verbose yt-dlp run with the guard as its ffmpeg. */
async function ytDlpSees(env: NodeJS.ProcessEnv): Promise<string> {
  const { stderr } = await run(
    config.YTDLP_PATH,
    // No link: yt-dlp prints its debug header (the engines it found) and stops.
    ['--ignore-config', '--no-cache-dir', '-v', '--ffmpeg-location', ffmpegGuardDir],
    { env },
  ).catch((error: { stderr: string }) => ({ stderr: error.stderr }));
  return stderr.match(/exe versions: .*/)?.[0] ?? '';
}

describe("the ffmpeg guard's answer to yt-dlp's feature question", () => {
  it('is what the real engines answer', async () => {
    const env = await ffmpegGuardEnv(config);
    expect(env.GRABBIT_GUARD_FFMPEG_BSFS).toBe(await answerOf(config.FFMPEG_PATH, ['-bsfs']));
    expect(env.GRABBIT_GUARD_FFPROBE_BSFS).toBe(await answerOf(config.FFPROBE_PATH, ['-bsfs']));
    expect(env.GRABBIT_GUARD_FFMPEG_BSFS).toMatch(/ffmpeg version/);
  });

  it('is given without starting the engine', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...(await ffmpegGuardEnv(config)),
      GRABBIT_GUARD_FFMPEG: '/bin/false',
    };
    const answer = await answerOf(path.join(ffmpegGuardDir, 'ffmpeg'), ['-bsfs'], env);
    expect(answer).toBe(env.GRABBIT_GUARD_FFMPEG_BSFS);
    // Any other call still runs the engine (here /bin/false, which fails).
    await expect(answerOf(path.join(ffmpegGuardDir, 'ffmpeg'), ['-version'], env)).rejects.toThrow();
  });

  it('tells yt-dlp the same versions and features as the real engines', async () => {
    const guardEnv = await ffmpegGuardEnv(config);
    const answered = await ytDlpSees({ ...process.env, ...guardEnv });
    const {
      GRABBIT_GUARD_FFMPEG_BSFS: _ffmpeg,
      GRABBIT_GUARD_FFPROBE_BSFS: _ffprobe,
      ...realOnly
    } = guardEnv;
    const real = await ytDlpSees({ ...process.env, ...realOnly });
    expect(answered).toMatch(/ffmpeg \S+.*ffprobe/);
    expect(answered).toBe(real);
  });
});
