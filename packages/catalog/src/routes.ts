// Every route of the site with its search metadata, built from the data above so a
// new platform or converter page is one entry.
import { converterCanonicalPath, converterPages, converterRoute, type ConverterPage } from './converters';
import { platforms, type Platform } from './platforms';
import { siteName } from './constants';

export type PageKind = 'home' | 'downloader' | 'converter';

export interface RouteMeta {
  path: string;
  kind: PageKind;
  /** The H1 heading the page shows. */
  heading: string;
  title: string;
  description: string;
  keywords: readonly string[];
  /** Canonical path (absolute address = site origin + this). */
  canonical: string;
  /** Set for downloader pages. */
  platformId?: Platform['id'];
  /** Set for converter pages. */
  converterId?: string;
  /** Paths that serve the same page (a converter's canonical address). */
  aliases?: readonly string[];
}

const homeRoute: RouteMeta = {
  path: '/',
  kind: 'home',
  heading: 'Free Video Downloader and Converter Platform',
  title: `${siteName} - Free Video Downloader and Converter Platform`,
  description:
    'Download videos from YouTube, TikTok, Instagram, Twitter/X, Vimeo and more, and convert image, video and audio files online. Free, fast, no sign-up.',
  keywords: [
    'video downloader',
    'online converter',
    'free video downloader',
    'file converter',
    'mp4 downloader',
  ],
  canonical: '/',
};

/** Pages with their own search metadata; the rest share the pattern below. */
const downloaderMetaOverrides: Partial<
  Record<Platform['id'], Pick<RouteMeta, 'title' | 'description' | 'keywords'>>
> = {
  redgifs: {
    title: 'Download RedGifs Videos - Free RedGifs Video and GIF Downloader (18+)',
    description:
      'Save RedGifs clips and GIFs as HD MP4 or convert them to other formats. Paste a RedGifs watch link and download for free, no sign-up. Adults (18+) only.',
    keywords: [
      'redgifs downloader',
      'redgifs video downloader',
      'download redgifs',
      'redgifs to mp4',
      'redgifs gif download',
      'save redgifs videos',
    ],
  },
};

function downloaderRoute(platform: Platform): RouteMeta {
  const name = platform.name;
  const lower = name.toLowerCase();
  const extra = platform.watermarkFree ? ' without a watermark' : '';
  return {
    path: platform.route,
    kind: 'downloader',
    heading: `${name} Video Downloader`,
    title: `Download ${name} Videos - Free ${name} Video Downloader Online`,
    description: `Download ${name} videos${extra} in HD as MP4, or save the audio as MP3. Paste a link and download for free: unlimited, no sign-up.`,
    keywords: [
      `${lower} downloader`,
      `${lower} video downloader`,
      `download ${lower} videos`,
      `${lower} to mp4`,
      `${lower} to mp3`,
    ],
    canonical: platform.route,
    platformId: platform.id,
    ...downloaderMetaOverrides[platform.id],
  };
}

const kindNoun: Record<ConverterPage['kind'], string> = { image: 'Images', video: 'Videos', audio: 'Audio' };

function converterRouteMeta(page: ConverterPage): RouteMeta {
  const outputs = page.outputs.map((f) => f.toUpperCase());
  const label = page.label;
  return {
    path: converterRoute(page),
    kind: 'converter',
    heading: `${label} Converter`,
    title: `Convert ${label} ${kindNoun[page.kind]} - Free Online ${label} Converter`,
    description: `Convert ${label} files to ${outputs.slice(0, -1).join(', ')} and ${outputs.at(-1)} online for free. Fast, private, no sign-up; files are deleted after conversion.`,
    keywords: [
      `${label.toLowerCase()} converter`,
      ...page.outputs.slice(0, 4).map((f) => `${page.id} to ${f}`),
      `convert ${label.toLowerCase()} online`,
    ],
    canonical: converterCanonicalPath(page),
    converterId: page.id,
    aliases: [converterCanonicalPath(page)],
  };
}

export const routes: readonly RouteMeta[] = [
  homeRoute,
  ...platforms.map(downloaderRoute),
  ...converterPages.map(converterRouteMeta),
];

const routeByPath = new Map<string, RouteMeta>(
  routes.flatMap((route) => [route.path, ...(route.aliases ?? [])].map((path) => [path, route] as const)),
);

/** The route serving a path (trailing slash ignored), including converter canonical aliases. */
export function routeForPath(path: string): RouteMeta | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return routeByPath.get(normalized.toLowerCase());
}

export const notFoundMeta = {
  title: `Page Not Found - ${siteName}`,
  description: 'The page you are looking for does not exist or has been moved.',
} as const;
