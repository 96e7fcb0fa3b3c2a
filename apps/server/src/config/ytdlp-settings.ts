// Operator settings of the downloader engine: which yt-dlp runs, and how it reaches the sites
// (cookies, proxies, impersonation, yt-dlp's remote challenge solver). Read with the rest of
// the configuration (env.ts); resolved once at start-up.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { platforms, type PlatformId } from '@grabbit/catalog';
import { z } from 'zod';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

const proxyVariable = (id: PlatformId) => `YTDLP_PROXY_${id.toUpperCase()}`;
const extractorArgsVariable = (id: PlatformId) => `YTDLP_EXTRACTOR_ARGS_${id.toUpperCase()}`;
// yt-dlp's `EXTRACTOR:KEY=VALUE[,VALUE][;KEY=VALUE]` (youtube:player_client=web;po_token=...),
// several separated by spaces. Each starts with a letter and holds no space, so none can be read
// as an option of its own; each goes to yt-dlp as the value of one --extractor-args.
const extractorArgsPattern = /^[a-z][\w-]*(?::[\w-]+)*:\w+=[^\s;]*(?:;\w+=[^\s;]*)*$/i;
const extractorArgs = z
  .string()
  .transform((text) => text.split(/\s+/).filter(Boolean))
  .pipe(
    z.array(
      z
        .string()
        .regex(extractorArgsPattern, 'expected EXTRACTOR:KEY=VALUE[;KEY=VALUE], several separated by spaces'),
    ),
  )
  .optional();
const budgetVariable = (id: PlatformId) => `ACCESS_SESSION_PER_HOUR_${id.toUpperCase()}`;
const checkLinkVariable = (id: PlatformId) => `ACCESS_CHECK_LINK_${id.toUpperCase()}`;
const perHour = z.coerce.number().int().positive();
// The proxy becomes the egress guard's upstream (net/egress-upstream.ts), which speaks http and
// https only: a socks proxy is refused at start rather than silently bypassing the guard.
// A comma-separated list: the platform's route pool, one proxy per route.
const proxyUrls = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z.url({
          protocol: /^https?$/,
          error:
            'expected http:// or https:// proxy URLs (socks proxies are not supported: the egress guard forwards through http(s) proxies only)',
        }),
      )
      .min(1),
  )
  .optional();

/** The yt-dlp settings of the configuration schema (spread into it by env.ts). */
export const ytDlpSettingsShape = {
  /** Overrides which yt-dlp runs; unset: the project environment's, else the one on PATH. */
  YTDLP_PATH: z.string().optional(),
  /** Where scripts/setup-engines.sh keeps the project's Python environment (repo-relative). */
  ENGINES_DIR: z.string().default('.cache/engines'),
  /** Remote components yt-dlp may fetch (`ejs:github`: YouTube's challenge solver); `none` turns it off. */
  YTDLP_REMOTE_COMPONENTS: z.string().optional(),
  YTDLP_PROXY: proxyUrls,
  ...Object.fromEntries(platforms.map((p) => [proxyVariable(p.id), proxyUrls])),
  /**
   * Folder of the operator's sessions: Netscape cookie files `<platform>.txt` (instagram.txt...)
   * and `<platform>/<any name>.txt`, one session per file.
   */
  COOKIES_DIR: z.string().optional(),
  /** Downloads one session may make per hour (pacing, so the site does not flag it). */
  ACCESS_SESSION_PER_HOUR: perHour.default(300),
  ...Object.fromEntries(platforms.map((p) => [budgetVariable(p.id), perHour.optional()])),
  /** yt-dlp's --extractor-args per platform (player clients, a PO-token provider's address). */
  ...Object.fromEntries(platforms.map((p) => [extractorArgsVariable(p.id), extractorArgs])),
  /** How long a session or route the site blamed stays out of use; doubles on each repeat. */
  ACCESS_COOLDOWN_SECONDS: perHour.default(300),
  /** A link the operator trusts per platform, tried before a session or route is rested (default: the catalog's). */
  ...Object.fromEntries(platforms.map((p) => [checkLinkVariable(p.id), z.url().optional()])),
  /** Times one client's failed downloads may have a session or route checked (and so rested) per hour. */
  ACCESS_CHECKS_PER_CLIENT_HOUR: perHour.default(3),
  /** Browser to impersonate (`chrome`, `safari:ios`...); yt-dlp's curl_cffi does the rest. */
  YTDLP_IMPERSONATE: z.string().optional(),
  /** Cookies and bytes a session's file may hold after its jar is written back. */
  SESSION_JAR_MAX_COOKIES: z.coerce.number().int().positive().default(200),
  SESSION_JAR_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
} as const;

export type YtDlpSource = 'project environment' | 'system' | 'YTDLP_PATH';

export interface YtDlpSettings {
  YTDLP_PATH: string;
  YTDLP_SOURCE: YtDlpSource;
  /** The project environment's yt-dlp, whether or not it is the one used. */
  YTDLP_PROJECT_PATH: string;
  YTDLP_REMOTE_COMPONENTS: string[];
  /** The proxies each platform's downloads go through (its own list, else the global one). */
  YTDLP_PROXIES: Partial<Record<PlatformId, string[]>>;
  COOKIES_DIR?: string;
  /** yt-dlp's --extractor-args of each platform's runs (never logged: they may hold tokens). */
  YTDLP_EXTRACTOR_ARGS: Partial<Record<PlatformId, string[]>>;
  /** Downloads per hour each session of a platform may make (its own setting, else the global one). */
  ACCESS_SESSION_BUDGETS: Record<PlatformId, number>;
  /** The link each platform's session or route is checked with before it is rested. */
  ACCESS_CHECK_LINKS: Record<PlatformId, string>;
  YTDLP_IMPERSONATE?: string;
  /** The project's own Node 24: yt-dlp's JavaScript runtime only when Deno is missing. */
  NODE_RUNTIME_PATH: string;
  /** Deno from the npm registry (the `deno` dependency): yt-dlp's JavaScript runtime. */
  DENO_PATH?: string;
}

type RawSettings = Record<string, unknown> & {
  YTDLP_PATH?: string;
  ENGINES_DIR: string;
  YTDLP_REMOTE_COMPONENTS?: string;
  YTDLP_PROXY?: string[];
  COOKIES_DIR?: string;
  ACCESS_SESSION_PER_HOUR: number;
  YTDLP_IMPERSONATE?: string;
  NODE_ENV: string;
  MEDIA_TEST_HOSTS: string[];
};

function projectNode(): string {
  const bundled = path.join(repoRoot, 'node_modules/node/bin/node');
  return existsSync(bundled) ? bundled : process.execPath;
}

/**
 * The `deno` npm package's binary: its own copy, else the platform package it came with (its
 * optional dependency); undefined when neither was installed (an unsupported platform).
 */
function projectDeno(): string | undefined {
  const candidates = [
    path.join(repoRoot, 'node_modules/deno/deno'),
    path.join(repoRoot, `node_modules/@deno/${process.platform}-${process.arch}-glibc/deno`),
    path.join(repoRoot, `node_modules/@deno/${process.platform}-${process.arch}/deno`),
  ];
  return candidates.find((file) => existsSync(file));
}

export function resolveYtDlpSettings(raw: RawSettings): YtDlpSettings {
  const projectPath = path.resolve(repoRoot, raw.ENGINES_DIR, 'venv/bin/yt-dlp');
  const [ytDlpPath, source]: [string, YtDlpSource] = raw.YTDLP_PATH
    ? [raw.YTDLP_PATH, 'YTDLP_PATH']
    : existsSync(projectPath)
      ? [projectPath, 'project environment']
      : ['yt-dlp', 'system'];
  // Tests stay offline: nothing is fetched unless the operator asks for it explicitly.
  const testing = raw.NODE_ENV === 'test' || raw.MEDIA_TEST_HOSTS.length > 0;
  const components = raw.YTDLP_REMOTE_COMPONENTS ?? (testing ? 'none' : 'ejs:github');
  const proxies: Partial<Record<PlatformId, string[]>> = {};
  for (const platform of platforms) {
    const proxy = (raw[proxyVariable(platform.id)] as string[] | undefined) ?? raw.YTDLP_PROXY;
    if (proxy) proxies[platform.id] = proxy;
  }
  const deno = projectDeno();
  const budgets = Object.fromEntries(
    platforms.map((p) => [
      p.id,
      (raw[budgetVariable(p.id)] as number | undefined) ?? raw.ACCESS_SESSION_PER_HOUR,
    ]),
  ) as Record<PlatformId, number>;
  return {
    YTDLP_PATH: ytDlpPath,
    YTDLP_SOURCE: source,
    YTDLP_PROJECT_PATH: projectPath,
    YTDLP_REMOTE_COMPONENTS: components === 'none' ? [] : components.split(',').map((c) => c.trim()),
    YTDLP_PROXIES: proxies,
    COOKIES_DIR: raw.COOKIES_DIR && path.resolve(raw.COOKIES_DIR),
    ACCESS_SESSION_BUDGETS: budgets,
    ACCESS_CHECK_LINKS: Object.fromEntries(
      platforms.map((p) => [p.id, (raw[checkLinkVariable(p.id)] as string | undefined) ?? p.checkLink]),
    ) as Record<PlatformId, string>,
    YTDLP_EXTRACTOR_ARGS: Object.fromEntries(
      platforms.flatMap((p) => {
        const args = raw[extractorArgsVariable(p.id)] as string[] | undefined;
        return args?.length ? [[p.id, args]] : [];
      }),
    ),
    YTDLP_IMPERSONATE: raw.YTDLP_IMPERSONATE,
    NODE_RUNTIME_PATH: projectNode(),
    ...(deno ? { DENO_PATH: deno } : {}),
  };
}
