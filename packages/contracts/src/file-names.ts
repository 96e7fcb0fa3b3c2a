// The names visitors' files are saved under, the same on the server (Content-Disposition, zip
// entries) and in the pages (the converter's save links): control characters, bidirectional
// controls (a right-to-left override turns "invoice<RLO>gpj.exe" into what reads as "...exe.jpg")
// and path separators never survive into a name.

/** Control characters and bidi embedding/override/isolate marks: never in a name or a title. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const invisible = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;
/** Those, and path or reserved characters. */
const unsafe = new RegExp(`${invisible.source}|[<>:"/\\\\|?*]+`, 'g');

/** A title as visitors read it (task and batch titles): no control or bidi characters, bounded, never empty. */
export function safeTitle(title: string | undefined, fallback = 'Untitled'): string {
  const clean = (title ?? '').normalize('NFC').replace(invisible, ' ').replace(/\s+/g, ' ').trim();
  return Array.from(clean).slice(0, 300).join('').trim() || fallback;
}

/** A title as a file name's base: unsafe characters become spaces, length bounded, never empty. */
export function safeBaseName(title: string | undefined, fallback = 'download'): string {
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

/** The file name without its last extension (a dot-file keeps its name). */
export function baseName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** A converted file's name: the upload's base name (folders dropped) plus the lowercase output extension. */
export function downloadName(originalName: string, extension: string): string {
  const file = (originalName || '').split(/[/\\]/).pop() ?? '';
  return `${safeBaseName(baseName(file), 'converted')}.${extension.toLowerCase()}`;
}
