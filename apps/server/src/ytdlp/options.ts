// What an installed yt-dlp can do, read from its --help once per binary: the downloader leaves
// out options an older release (Debian's fallback) does not know, and /health names the runtime.
import type { YtDlpHealth } from '@grabbit/contracts';
import { runCommand } from '../engines/run-command';

/** What ytdlp/ knows of the yt-dlp settings (config/ytdlp-settings.ts); the server's Config satisfies it. */
export interface YtDlpEngine {
  YTDLP_PATH: string;
  YTDLP_SOURCE: YtDlpHealth['source'];
  /** The project environment's yt-dlp, whether or not it is the one used. */
  YTDLP_PROJECT_PATH: string;
  /** The project's own Node 24: the runtime only when Deno is missing. */
  NODE_RUNTIME_PATH: string;
  /** Deno (the `deno` npm dependency): yt-dlp's JavaScript runtime. */
  DENO_PATH?: string;
}

const knownOptions = new Map<string, Promise<Set<string>>>();

/** The long options an installed yt-dlp lists in its --help (asked once per binary). */
export function ytDlpOptions(ytDlpPath: string): Promise<Set<string>> {
  let options = knownOptions.get(ytDlpPath);
  if (!options) {
    options = runCommand(ytDlpPath, ['--help'], { timeoutMs: 30_000, yieldsCpu: false })
      .then((result) => new Set(result.stdout.match(/--[a-z][a-z-]+/g) ?? []))
      .catch(() => new Set<string>());
    knownOptions.set(ytDlpPath, options);
  }
  return options;
}

/**
 * The JavaScript runtime for YouTube's player code, when the installed yt-dlp takes one:
 * `deno:<path>` (Deno runs it without file or network access), else `node:<path>` (Node may read
 * files and reach the network: /health warns). Undefined for a yt-dlp without --js-runtimes.
 */
export async function jsRuntimeFor(config: YtDlpEngine): Promise<string | undefined> {
  const options = await ytDlpOptions(config.YTDLP_PATH);
  if (!options.has('--js-runtimes')) return undefined;
  return config.DENO_PATH ? `deno:${config.DENO_PATH}` : `node:${config.NODE_RUNTIME_PATH}`;
}

/** The warning when yt-dlp runs YouTube's player code in Node because Deno is missing. */
export const nodeRuntimeWarning = (runtime: string | null) =>
  runtime?.startsWith('node:')
    ? "yt-dlp: Deno is missing, so YouTube's player code runs in Node, which may read files and reach the network; run npm install (the deno dependency)."
    : undefined;
