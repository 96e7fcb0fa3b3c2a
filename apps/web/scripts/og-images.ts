// The picture a shared link shows (og:image): one 1200x630 PNG per page kind, drawn from an SVG
// with sharp at build time, so every route has one without a picture kept in the repository.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { siteName, type PageKind } from '@grabbit/catalog';
import sharp from 'sharp';

export const ogImageSize = { width: 1200, height: 630 } as const;

/** What each kind of page's picture says under the site's name. */
const headlines: Record<PageKind, { line: string; sub: string }> = {
  home: { line: 'Download and convert, free', sub: 'Videos from YouTube, TikTok, Instagram and more' },
  downloader: { line: 'Free video downloader', sub: 'Paste a link, pick a format, save the file' },
  converter: { line: 'Free file converter', sub: 'Images, video and audio, in the format you need' },
};

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function svgFor(kind: PageKind): string {
  const { width, height } = ogImageSize;
  const { line, sub } = headlines[kind];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#4338ca"/><stop offset="1" stop-color="#7c3aed"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <rect x="80" y="80" width="120" height="120" rx="28" fill="#ffffff"/>
  <path d="M140 112v48m-22-22 22 22 22-22" stroke="#4338ca" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  <text x="230" y="162" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="bold" fill="#ffffff">${escapeXml(siteName)}</text>
  <text x="80" y="360" font-family="DejaVu Sans, Arial, sans-serif" font-size="72" font-weight="bold" fill="#ffffff">${escapeXml(line)}</text>
  <text x="80" y="440" font-family="DejaVu Sans, Arial, sans-serif" font-size="38" fill="#e0e7ff">${escapeXml(sub)}</text>
</svg>`;
}

/** The site path of a page kind's picture. */
export const ogImagePath = (kind: PageKind) => `/og/${kind}.png`;

/** Writes each page kind's picture under `distDir`. */
export async function writeOgImages(distDir: string): Promise<void> {
  mkdirSync(path.join(distDir, 'og'), { recursive: true });
  await Promise.all(
    (Object.keys(headlines) as PageKind[]).map((kind) =>
      sharp(Buffer.from(svgFor(kind)))
        .png()
        .toFile(path.join(distDir, ogImagePath(kind))),
    ),
  );
}
