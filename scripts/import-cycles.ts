// Finds file-level import circles in a source folder: every relative import (type imports,
// re-exports and dynamic imports included, which eslint's import-x/no-cycle does not all see) is
// resolved to its file (`x.ts`, `x.tsx`, `x/index.ts`), and each group of files that reach one
// another is reported. A circle hides which module owns what and makes load order matter.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const sourceFile = /\.(ts|tsx|mts)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The file a relative import names: as written, with a TypeScript extension, or a folder's index. */
function resolveImport(from: string, name: string): string | undefined {
  const base = path.resolve(path.dirname(from), name);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts'].map((ext) => stem + ext),
    ...['index.ts', 'index.tsx'].map((index) => path.join(base, index)),
  ];
  return candidates.find((file) => sourceFile.test(file) && isFile(file));
}

/** Each file and the files it imports. */
export function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(dir)) {
    const imported = ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.map((ref) => ref.fileName)
      .filter((name) => name.startsWith('.'))
      .flatMap((name) => resolveImport(file, name) ?? []);
    graph.set(file, [...new Set(imported)]);
  }
  return graph;
}

/**
 * The circles of a graph, each as its files (relative to `root`), sorted: the strongly connected
 * groups of more than one file, and any file that imports itself (Tarjan's algorithm).
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>, root: string): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowest.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowest.set(file, Math.min(lowest.get(file) ?? 0, lowest.get(next) ?? 0));
      } else if (onStack.has(next)) {
        lowest.set(file, Math.min(lowest.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (lowest.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file))
      cycles.push(group.map((f) => path.relative(root, f)).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** The file-level import circles under `dir`, named relative to it. */
export function fileImportCycles(dir: string): string[][] {
  return importCycles(importGraph(dir), dir);
}
