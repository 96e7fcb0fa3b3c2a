// Names visitors see: built from the media title, with characters that break file systems or
// headers removed, non-ASCII letters kept.
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const unsafe = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;

export function sanitizeTitle(title: string | undefined, fallback = 'download'): string {
  const clean = (title ?? '')
    .normalize('NFC')
    .replace(unsafe, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s-]+|[.\s]+$/g, '');
  // Leave room for an extension and a de-duplication suffix within common 255-byte limits.
  const short = Array.from(clean).slice(0, 120).join('').trim();
  return short || fallback;
}

export function fileNameFor(title: string | undefined, extension: string): string {
  return `${sanitizeTitle(title)}.${extension}`;
}

export { uniqueName } from '@grabbit/catalog';
