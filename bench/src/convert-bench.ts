// Converter benchmarks (`npm run bench`): the HTTP API against the raw engines on the same files
// (a transcode and a container change against the same ffmpeg command alone), memory of the server while a 1 GB video uploads and converts, and 16 conversions at once.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { convertEndpoints } from '@grabbit/contracts';
import { loadConfig } from '../../apps/server/src/config/env';
import { planAudioVideo } from '../../apps/server/src/encode/av-plan';
import { ffprobe } from '../../apps/server/src/engines/ffprobe';
import { runFfmpegPlan } from '../../apps/server/src/encode/run-plan';
import { bigMkv, durationOf, h264Clip, smallPng } from './convert-fixtures';
import { startBareServer } from './bare-server';
import { imageBench } from './convert-image-bench';
import { interleaved, median, ms, spread, timed, verdict } from './convert-measure';
import { convertOverHttp, convertWithCurl, rssOf, startServer, type BenchServer } from './convert-server';

const run = promisify(execFile);

/** Request to the result saved on disk, as the engine run alone writes its file. */
async function apiTime(
  server: BenchServer,
  endpoint: string,
  file: string,
  output: string,
  saveTo = `${file}.api.${output}`,
): Promise<number> {
  // A client in its own process (curl), as a browser is: see convertWithCurl.
  const answer = await convertWithCurl(server.base, endpoint, file, output, saveTo);
  if (answer.status !== 200) throw new Error(`${path.basename(file)} -> ${output} answered ${answer.status}`);
  return answer.ms;
}

async function concurrencyBench(server: BenchServer, dir: string): Promise<void> {
  const files = await Promise.all(Array.from({ length: 16 }, (_, i) => smallPng(dir, i)));
  const answers = await Promise.all(
    files.map((file) => convertOverHttp(server.base, convertEndpoints.image, file, 'webp')),
  );
  const ok = answers.filter((a) => a.status === 200).length;
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const pick = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? 0;
  console.info(
    `16 concurrent small PNG -> WebP: ${ok}/16 succeeded, p50 ${ms(pick(0.5))}, p99 ${ms(pick(0.99))} ${verdict(ok === 16)}`,
  );
}

export async function remuxBench(server: BenchServer, dir: string): Promise<void> {
  // 8 Mbit/s, the bitrate of a typical 1080p camera or phone recording.
  const mkv = await h264Clip(dir, 'movie-1080p.mkv', 60, '1920x1080', '8M');
  const apiOut = path.join(dir, 'api-remux.mp4');
  // The API call is short, so one slow HTTP run could decide the verdict: take the median of 3.
  const apiRuns: number[] = [];
  for (let i = 0; i < 3; i += 1)
    apiRuns.push(await apiTime(server, convertEndpoints.video, mkv, 'mp4', apiOut));
  const api = median(apiRuns);
  const transcodeOut = path.join(dir, 'transcode.mp4');
  const transcode = await timed(() =>
    run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-nostdin',
      '-i',
      mkv,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '160k',
      '-movflags',
      '+faststart',
      transcodeOut,
    ]),
  );
  const speedup = transcode / api;
  const [apiDuration, transcodeDuration] = [await durationOf(apiOut), await durationOf(transcodeOut)];
  const sameDuration = Math.abs(apiDuration - transcodeDuration) < 0.1;
  console.info(
    `60 s 1080p H.264/AAC MKV -> MP4: API (stream copy, curl client) median of 3 ${spread(apiRuns)}, full transcode ${ms(transcode)}`,
  );
  console.info(`  speed-up ${speedup.toFixed(1)}x (target >= 20) ${verdict(speedup >= 20)}`);
  console.info(
    `  durations: API ${apiDuration.toFixed(2)} s, transcode ${transcodeDuration.toFixed(2)} s ${verdict(sameDuration)}`,
  );
}

/**
 * One conversion through the API against the very ffmpeg command the server's plan makes, run
 * alone on the same file (its probe made beforehand, outside the timing), interleaved; and, as the
 * floor under both, the same command behind a bare HTTP server (bare-server.ts): what the bytes'
 * way in and out costs on this machine whatever the server does.
 */
async function againstFfmpegAlone(
  server: BenchServer,
  dir: string,
  input: { file: string; demuxer: 'mov' | 'matroska'; label: string },
  target: string,
  budget: number,
): Promise<void> {
  const config = loadConfig({ DATA_DIR: dir });
  const context = { workDir: dir, deadline: Date.now() + 600_000, signal: new AbortController().signal };
  const probe = await ffprobe(config, input.file, input.demuxer, context);
  const plan = planAudioVideo(probe, target);
  const output = path.join(dir, `alone.${target}`);
  const ffmpegAlone = () =>
    runFfmpegPlan(config, { input: input.file, demuxer: input.demuxer, plan: plan.encode, output }, context);
  const bareServer = await startBareServer({ dir, demuxer: input.demuxer, plan: plan.encode, target });
  try {
    const times = await interleaved(5, {
      api: () => apiTime(server, convertEndpoints.video, input.file, target),
      alone: () => timed(ffmpegAlone),
      bare: () => bareServer.convert(input.file, path.join(dir, `bare-saved.${target}`)),
    });
    const [api, direct, bare] = [median(times.api), median(times.alone), median(times.bare)];
    const ratio = api / direct;
    console.info(
      `${input.label} -> ${target.toUpperCase()}: API (curl client) ${spread(times.api)}, same ffmpeg command alone ${spread(times.alone)}`,
    );
    console.info(`  ratio ${ratio.toFixed(2)} (target <= ${budget}) ${verdict(ratio <= budget)}`);
    console.info(
      `  floor: the same command behind a bare HTTP server (body stored, result sent back) ${spread(times.bare)}, ` +
        `${(bare / direct).toFixed(2)} of ffmpeg alone; the API takes ${(api / bare).toFixed(2)} of that floor`,
    );
  } finally {
    await bareServer.close();
  }
}

export async function webmBench(server: BenchServer, dir: string): Promise<void> {
  const file = await h264Clip(dir, 'clip-720p.mp4', 5, '1280x720');
  await againstFfmpegAlone(server, dir, { file, demuxer: 'mov', label: '5 s 720p MP4' }, 'webm', 1.1);
}

/**
 * A container change (both streams copied): the plan must be known before any engine starts,
 * or the API pays for a probe or a wrong start beside a run this short.
 */
export async function containerChangeBench(server: BenchServer, dir: string): Promise<void> {
  // 20 s of 720p at 7 Mbit/s, about 18 MB: a phone clip.
  const file = await h264Clip(dir, 'clip-720p.mkv', 20, '1280x720', '7M');
  const label = '20 s 720p H.264/AAC MKV (stream copy)';
  await againstFfmpegAlone(server, dir, { file, demuxer: 'matroska', label }, 'mp4', 1.5);
}

async function memoryBench(server: BenchServer, dir: string): Promise<void> {
  const big = await bigMkv(dir, 1000 * 1024 * 1024);
  const baseline = await rssOf(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    void rssOf(server.pid).then(
      (rss) => (peak = Math.max(peak, rss)),
      () => undefined,
    );
  }, 50);
  const answer = await convertOverHttp(server.base, convertEndpoints.video, big, 'mov');
  clearInterval(sampler);
  const growth = (peak - baseline) / 1024 ** 2;
  const sizeMb = answer.bytes / 1024 ** 2;
  console.info(
    `1 GB MKV upload + convert to MOV: ${answer.status} in ${ms(answer.ms)}, ${sizeMb.toFixed(0)} MB back`,
  );
  console.info(
    `  server RSS growth ${growth.toFixed(1)} MB (baseline ${(baseline / 1024 ** 2).toFixed(0)} MB; target < 100) ${verdict(growth < 100 && answer.status === 200)}`,
  );
}

/** Runs `benches` against one compiled server in a temporary folder. */
async function withServer(benches: ((server: BenchServer, dir: string) => Promise<void>)[]): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'grabbit-bench-convert-'));
  const server = await startServer(path.join(dir, 'data'));
  try {
    for (const bench of benches) await bench(server, dir);
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function runConvertBenchmarks(): Promise<void> {
  console.info('\nConverter');
  await withServer([imageBench, concurrencyBench, webmBench, containerChangeBench, remuxBench, memoryBench]);
}

/** Only the two ratios against ffmpeg alone (`npm run bench -- convert-ratios`), part of `convert`. */
export async function runConvertRatioBenchmarks(): Promise<void> {
  console.info('\nConverter against ffmpeg alone');
  await withServer([webmBench, containerChangeBench]);
}
