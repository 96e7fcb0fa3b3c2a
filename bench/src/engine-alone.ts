// yt-dlp "alone", the yardstick of the downloader benchmarks: the SAME binary the server runs
// (config/ytdlp-settings.ts picks it: the project environment's, else the one on PATH) with the SAME
// arguments the server builds for a job (extractors, downloader, limits, operator settings) and the
// SAME engine environment (the ffmpeg guard's settings: without them yt-dlp would find no ffmpeg and
// choose and finish differently), started by the SAME runner (a session of its own, at the engines'
// lowest priority, as every engine the server starts), minus the egress guard's proxy, which is part
// of what the API costs.
import { platformById } from '@grabbit/catalog';
import { loadConfig } from '../../apps/server/src/config/env';
import { runCommand } from '../../apps/server/src/engines/run-command';
import { engineArgs } from '../../apps/server/src/ytdlp/access';
import { ffmpegGuardEnv } from '../../apps/server/src/ytdlp/ffmpeg-guard';
import { buildDownloadArgs, buildInfoArgs, type YtDlpSafety } from '../../apps/server/src/ytdlp/args';

/** The configuration a test server with this fixture site reads. */
const configFor = (testHost: string) => loadConfig({ NODE_ENV: 'test', MEDIA_TEST_HOSTS: testHost });

/** The path of the yt-dlp the server runs. */
const serverYtDlp = (testHost: string) => configFor(testHost).YTDLP_PATH;

async function safety(testHost: string): Promise<YtDlpSafety> {
  const config = configFor(testHost);
  const platform = platformById('youtube');
  if (!platform) throw new Error('no youtube platform');
  return {
    platform,
    allowGeneric: true,
    maxBytes: config.DOWNLOAD_MAX_BYTES,
    maxDurationSeconds: config.DOWNLOAD_MAX_DURATION_SECONDS,
    engineArgs: await engineArgs(config),
    proxyUrl: 'unused',
  };
}

/** The environment the server gives yt-dlp, minus the proxy variables (it sets them to the guard). */
async function engineEnvAlone(testHost: string): Promise<NodeJS.ProcessEnv> {
  return { ...process.env, ...(await ffmpegGuardEnv(configFor(testHost))) };
}

/** The server's arguments with its --proxy pair taken out. */
function withoutProxy(args: string[]): string[] {
  return args.filter((arg, i) => arg !== '--proxy' && args[i - 1] !== '--proxy');
}

/** The server's preview call (`--dump-single-json`) for one link. */
export async function infoArgsAlone(testHost: string, url: string): Promise<string[]> {
  return withoutProxy(buildInfoArgs({ ...(await safety(testHost)), url, mode: 'single' }));
}

/** The server's download call for one link in MP4 at the best quality, into `jobDir`. */
export async function downloadArgsAlone(testHost: string, url: string, jobDir: string): Promise<string[]> {
  return withoutProxy(
    buildDownloadArgs({
      ...(await safety(testHost)),
      url,
      format: 'mp4',
      quality: 'best',
      removeWatermark: false,
      jobDir,
    }),
  );
}

/** Runs the server's yt-dlp as the server runs it (see above); its time in ms, failing loudly. */
export async function runYtDlpAlone(testHost: string, args: string[], cwd?: string): Promise<number> {
  const env = await engineEnvAlone(testHost);
  const started = performance.now();
  const result = await runCommand(serverYtDlp(testHost), args, { cwd, env });
  if (result.code !== 0) throw new Error(`yt-dlp alone failed: ${result.stderr.slice(-500)}`);
  return performance.now() - started;
}
