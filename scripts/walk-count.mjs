// Counts how often a reader following a download or a conversion through the server's code goes
// back: the reader opens the entry file (a route), then each file it imports, depth first (type
// imports included, each file once, in import order), as one reads code. A return is opening a
// file of a folder the reader had already left (encode/ -> engines/ -> back to convert/). The file
// the walk's imports enter most often is named with how many imports enter it.
//   node scripts/walk-count.mjs [server src folder] (default apps/server/src; WALK_VERBOSE=1 lists)
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const srcDir = path.resolve(process.argv[2] ?? 'apps/server/src');
const entries = { download: 'routes/download.ts', conversion: 'routes/convert.ts' };

const folderOf = (file) => {
  const relative = path.relative(srcDir, file);
  return relative.includes(path.sep) ? relative.split(path.sep)[0] : '.';
};

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

function importsOf(file) {
  return ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map((ref) => ref.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(file, name))
    .filter((target) => target !== undefined && target.startsWith(srcDir + path.sep));
}

function walk(entry) {
  /** The files in the order the reader opens them. */
  const order = [];
  const entered = new Map();
  const visit = (file) => {
    order.push(file);
    for (const target of importsOf(file)) {
      entered.set(target, (entered.get(target) ?? 0) + 1);
      if (!order.includes(target)) visit(target);
    }
  };
  visit(path.join(srcDir, entry));
  const left = new Set();
  const returns = [];
  order.forEach((file, index) => {
    const previous = order[index - 1];
    if (previous === undefined || folderOf(previous) === folderOf(file)) return;
    left.add(folderOf(previous));
    if (left.has(folderOf(file)))
      returns.push(`${path.relative(srcDir, previous)} .. ${path.relative(srcDir, file)}`);
  });
  const [mostFile, most] = [...entered].sort((a, b) => b[1] - a[1])[0] ?? [entry, 0];
  return { files: order.length, returns, most: `${path.relative(srcDir, mostFile)} (${most})` };
}

for (const [name, entry] of Object.entries(entries)) {
  const { files, returns, most } = walk(entry);
  console.log(`${name} (${entry}): ${files} files, ${returns.length} returns; most entered: ${most}`);
  if (process.env.WALK_VERBOSE) for (const step of returns) console.log(`  ${step}`);
}
