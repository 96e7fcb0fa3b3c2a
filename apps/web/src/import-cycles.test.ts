// The pages' files, each shared package's files, and the folders of the tests, benchmarks and
// scripts import one another without a circle, type imports included (eslint's import-x/no-cycle
// does not follow those, and costed lint 12 s of CPU for less: it is off); and the finder itself
// sees a circle that runs through a type import and a folder index. The packages are checked here,
// as their own sources are built for the browser without Node's types; the server's sources in
// apps/server/src/layers.test.ts.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileImportCycles } from '../../../scripts/import-cycles';

const root = path.resolve(import.meta.dirname, '../../..');
const packagesDir = path.join(root, 'packages');
/** Every other folder of TypeScript outside the apps' and packages' sources. */
const otherFolders = [
  'apps/server/test',
  'apps/web/scripts',
  'packages/client/scripts',
  'packages/client/examples',
  'e2e',
  'bench/src',
  'container/tests',
  'scripts',
];
const packageNames = readdirSync(packagesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('import graphs of the pages, the shared packages, the tests, benchmarks and scripts', () => {
  it('apps/web has no file-level import cycle', () => {
    expect(fileImportCycles(import.meta.dirname)).toEqual([]);
  });

  it.each(packageNames)('packages/%s has no file-level import cycle', (name) => {
    expect(fileImportCycles(path.join(packagesDir, name, 'src'))).toEqual([]);
  });

  it.each(otherFolders)('%s has no file-level import cycle', (folder) => {
    expect(fileImportCycles(path.join(root, folder))).toEqual([]);
  });
});

describe('file-level cycle finder', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };

  it('finds a circle through a type import and a folder index, and nothing in a tree', () => {
    write('a.ts', "import { b } from './b';\nexport const a = b;\n");
    write('b.ts', "import type { C } from './c';\nexport const b: C = 1;\n");
    write('c/index.ts', "export type { A } from '../a.js';\nexport type C = number;\n");
    write('tree/top.ts', "import './leaf';\nimport '../a';\n");
    write('tree/leaf.ts', 'export {};\n');
    expect(fileImportCycles(dir)).toEqual([['a.ts', 'b.ts', 'c/index.ts']]);
  });
});
