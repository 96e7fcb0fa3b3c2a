// The server's folders form layers, and an import only goes down (or sideways within a layer,
// never in a circle). This test reads every import of apps/server/src and fails on a folder-level
// cycle, a file-level cycle (type imports included), an import that goes up, a feature or service
// that imports the composition root, the yt-dlp module entered other than through its index, or
// HTTP request objects past the edge.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fileImportCycles } from '../../../scripts/import-cycles';

const srcDir = import.meta.dirname;

/** Top to bottom. `.` is the entry points (server.ts, worker.ts, app.ts). */
const layers: string[][] = [
  ['.', 'cli', 'composition'],
  ['routes', 'http', 'security', 'openapi', 'web'],
  ['download', 'convert', 'uploads', 'cloud', 'webhooks'],
  ['jobs', 'storage', 'realtime', 'ytdlp', 'encode', 'engines', 'net', 'redis'],
  ['core', 'config', 'types'],
];
const layerOf = new Map(layers.flatMap((folders, depth) => folders.map((folder) => [folder, depth])));
/** Where Fastify's request and reply objects may appear. */
const httpEdge = new Set(['routes', 'http', 'security', 'openapi', 'web', 'composition', '.']);

interface SourceFile {
  file: string;
  folder: string;
  imports: string[];
  text: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The top folder of a file under src (`ytdlp` for ytdlp/args.ts). */
const folderOf = (file: string) => {
  const relative = path.relative(srcDir, file);
  return relative.includes(path.sep) ? (relative.split(path.sep)[0] as string) : '.';
};

const files: SourceFile[] = sourceFiles(srcDir).map((file) => {
  const text = readFileSync(file, 'utf8');
  const imports = ts
    .preProcessFile(text, true, true)
    .importedFiles.map((ref) => ref.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.resolve(path.dirname(file), name))
    // A folder's import is its index (`../ytdlp` is ytdlp/index), in the folder it names.
    .map((target) =>
      existsSync(target) && statSync(target).isDirectory() ? path.join(target, 'index') : target,
    );
  return { file, folder: folderOf(file), imports, text };
});

const edges = new Map<string, Set<string>>();
for (const { folder, imports } of files)
  for (const target of imports) {
    const to = folderOf(target);
    if (to !== folder) edges.set(folder, (edges.get(folder) ?? new Set()).add(to));
  }

function findCycle(): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node];
    if (state.get(node) === 'done') return undefined;
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of edges.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

const relative = (file: string) => path.relative(srcDir, file);

describe('server layers', () => {
  it('knows the layer of every folder', () => {
    const unknown = [...new Set(files.map((f) => f.folder))].filter((folder) => !layerOf.has(folder));
    expect(unknown).toEqual([]);
  });

  it('has no folder-level import cycle', () => {
    expect(findCycle()).toBeUndefined();
  });

  it('has no file-level import cycle, type imports included', () => {
    expect(fileImportCycles(srcDir)).toEqual([]);
  });

  it('imports only downwards or sideways', () => {
    const upwards = files.flatMap(({ file, folder, imports }) =>
      imports
        .filter((target) => (layerOf.get(folderOf(target)) ?? 0) < (layerOf.get(folder) ?? 0))
        .map((target) => `${relative(file)} -> ${relative(target)}`),
    );
    expect(upwards).toEqual([]);
  });

  it('lets only the entry points import the composition root', () => {
    const inward = files.flatMap(({ file, folder, imports }) =>
      folder === 'composition' || folder === '.' || folder === 'cli'
        ? []
        : imports
            .filter((t) => folderOf(t) === 'composition')
            .map((t) => `${relative(file)} -> ${relative(t)}`),
    );
    expect(inward).toEqual([]);
  });

  it('enters the yt-dlp module only through its index', () => {
    const ytdlp = path.join(srcDir, 'ytdlp');
    const around = files.flatMap(({ file, imports }) =>
      file.startsWith(ytdlp + path.sep)
        ? []
        : imports
            .filter((t) => t.startsWith(ytdlp + path.sep) && path.basename(t) !== 'index')
            .map((t) => `${relative(file)} -> ${relative(t)}`),
    );
    expect(around).toEqual([]);
  });

  it('keeps request and reply objects at the HTTP edge', () => {
    const leaking = files
      .filter(({ folder, text }) => !httpEdge.has(folder) && /\bFastify(Request|Reply|Instance)\b/.test(text))
      .map(({ file }) => relative(file));
    expect(leaking).toEqual([]);
  });
});
