// After `vite build` (client) and `vite build --ssr` (server entry): writes one HTML file per route
// with the page itself rendered to HTML (readable without JavaScript, hydrated in the browser) and
// its own title, description, keywords, canonical, Open Graph and Twitter tags (with the picture of
// its kind of page, og-images.ts) and JSON-LD, plus the 404 page, sitemap.xml and robots.txt, all
// from the catalog.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { notFoundMeta, routes, siteName, type PageKind, type RouteMeta } from '@grabbit/catalog';
import type * as ServerEntry from '../src/entry-server';
import { compressDist } from './compress';
import { ogImagePath, ogImageSize, writeOgImages } from './og-images';

const distDir = path.resolve(import.meta.dirname, '../dist');
const siteUrl = (process.env.PUBLIC_URL ?? 'http://localhost:5000').replace(/\/$/, '');
// Canonical, og:url, og:image and the sitemap name this origin: a build without PUBLIC_URL says so, or a
// site would go live announcing localhost to search engines.
if (!process.env.PUBLIC_URL?.trim())
  console.warn(
    `PUBLIC_URL is not set: canonical links, og:url and the sitemap name ${siteUrl}. Set PUBLIC_URL to the site's public origin and build again.`,
  );

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function headFor(meta: {
  title: string;
  description: string;
  keywords?: readonly string[];
  canonical?: string;
  /** The kind of page: its picture for shared links (the 404 page uses the home page's). */
  kind?: PageKind;
}): string {
  const canonical = meta.canonical ? `${siteUrl}${meta.canonical}` : undefined;
  const image = `${siteUrl}${ogImagePath(meta.kind ?? 'home')}`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'WebApplication',
    name: siteName,
    headline: meta.title,
    description: meta.description,
    url: canonical ?? siteUrl,
    applicationCategory: 'MultimediaApplication',
    operatingSystem: 'Any',
    isAccessibleForFree: true,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
  };
  const tags = [
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    meta.keywords ? `<meta name="keywords" content="${escapeHtml(meta.keywords.join(', '))}" />` : '',
    canonical
      ? `<link rel="canonical" href="${escapeHtml(canonical)}" />`
      : '<meta name="robots" content="noindex" />',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${siteName}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    canonical ? `<meta property="og:url" content="${escapeHtml(canonical)}" />` : '',
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:type" content="image/png" />`,
    `<meta property="og:image:width" content="${ogImageSize.width}" />`,
    `<meta property="og:image:height" content="${ogImageSize.height}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(`${siteName}: ${meta.title}`)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    `<script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, '\\u003c')}</script>`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

function pageHtml(template: string, meta: Parameters<typeof headFor>[0], body = ''): string {
  return template
    .replace(/<title>.*?<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace('<!--head-meta-->', headFor(meta))
    .replace('<!--app-html-->', body);
}

function writePage(file: string, html: string): void {
  const target = path.join(distDir, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, html);
}

function fileFor(routePath: string): string {
  return routePath === '/' ? 'index.html' : `${routePath.slice(1)}/index.html`;
}

// Built by `vite build --ssr src/entry-server.tsx --outDir node_modules/.ssr` (see package.json).
const ssrEntry = path.resolve(import.meta.dirname, '../node_modules/.ssr/entry-server.js');
const { renderPage } = (await import(pathToFileURL(ssrEntry).href)) as typeof ServerEntry;

await writeOgImages(distDir);
const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
for (const route of routes as readonly RouteMeta[]) {
  for (const pagePath of [route.path, ...(route.aliases ?? [])]) {
    writePage(fileFor(pagePath), pageHtml(template, route, await renderPage(pagePath)));
  }
}
// Any path that is not a page: the catch-all route renders the 404 page.
writePage('404.html', pageHtml(template, notFoundMeta, await renderPage('/404')));
rmSync(path.dirname(ssrEntry), { recursive: true, force: true });

const sitemap = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ...routes.map((r) => `  <url><loc>${siteUrl}${r.canonical}</loc><changefreq>weekly</changefreq></url>`),
  '</urlset>',
  '',
].join('\n');
writePage('sitemap.xml', sitemap);
writePage('robots.txt', `User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${siteUrl}/sitemap.xml\n`);
console.info(`prerendered ${routes.length} routes; compressed ${compressDist(distDir)} files`);
