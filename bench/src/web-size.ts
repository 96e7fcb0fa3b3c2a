// JavaScript the home page sends: the entry script of dist/index.html and every chunk it imports
// statically (what the browser must fetch before the page is interactive), gzipped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ScriptSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** Static `import ... from "./chunk.js"` targets of a built chunk (dynamic imports are left out). */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g)].map(
    (m) => m[1] ?? '',
  );
}

export function pageScripts(distDir: string, htmlFile = 'index.html'): ScriptSize[] {
  const html = readFileSync(path.join(distDir, htmlFile), 'utf8');
  const roots = [
    ...html.matchAll(
      /<script[^>]+type="module"[^>]+src="([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g,
    ),
  ].map((m) => (m[1] ?? m[2] ?? '').replace(/^\//, ''));
  const seen = new Map<string, ScriptSize>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    const code = readFileSync(path.join(distDir, file));
    seen.set(file, { file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length });
    for (const target of staticImports(code.toString('utf8')))
      visit(path.posix.join(path.posix.dirname(file), target));
  };
  roots.forEach(visit);
  return [...seen.values()];
}
