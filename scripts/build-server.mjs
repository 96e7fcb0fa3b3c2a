// Builds the server into plain JavaScript (apps/server/dist) when its sources changed since the
// last build: `npm start`, `npm run worker` and the tests that run the compiled server call it.
//   node scripts/build-server.mjs [--force]
// Only the entry points are named; esbuild finds every other file by following the imports, so
// moving files between folders never needs this script changed. The workspace packages
// (@grabbit/catalog, @grabbit/contracts: TypeScript sources) are bundled in; every other package
// stays in node_modules and is imported from there, as it would be from source.
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
export const serverDist = path.join(serverDir, 'dist');
const stamp = path.join(serverDist, '.build-stamp');

/**
 * The Node flags every launcher runs the compiled server and worker with (npm start, the image's
 * entry point, which reads them from dist/node-flags, the tests and the benchmarks): stack traces
 * that name the TypeScript files, and a young generation of at most 8 MB a half. V8's default
 * grows it to 16 MB a half: about 20 MB more resident at rest (146 MB against 131 MB measured),
 * for a server whose requests are short and whose large buffers live outside the heap.
 */
export const serverNodeFlags = ['--enable-source-maps', '--max-semi-space-size=8'];
const entryPoints = ['src/server.ts', 'src/worker.ts', 'src/cli/check-sites.ts'].map((entry) =>
  path.join(serverDir, entry),
);

/** Everything a build is made from: a newer change in any of them means a rebuild. */
function sources() {
  const packages = readdirSync(path.join(root, 'packages')).map((name) => `packages/${name}/src`);
  return ['apps/server/src', ...packages, 'package-lock.json', 'scripts/build-server.mjs'];
}

/** The newest change time of a file, or of any file in a folder (0 when it does not exist). */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

/** Bare imports (`fastify`, `node:fs`...) stay imports, except our own workspace packages. */
const thirdPartyExternal = {
  name: 'third-party-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@grabbit/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * A source file that finds files beside it (`import.meta.dirname` + '../../policy') keeps finding
 * them from the bundle: in each bundled module, `import.meta.dirname` becomes that module's own
 * source folder, worked out from the bundle's folder at run time (the repository may move).
 */
const sourceDirname = {
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const fromDist = path.relative(serverDist, path.dirname(args.path)).split(path.sep).join('/');
      const expression = `__grabbitSourceDir(${JSON.stringify(fromDist)})`;
      return { contents: text.replaceAll('import.meta.dirname', expression), loader: 'ts' };
    });
  },
};

/** Builds when the sources changed (or when forced); returns whether it built. */
export async function buildServer({ force = false, quiet = false } = {}) {
  const wanted = { sourcesChangedAt: Math.max(...sources().map((s) => newestMtime(path.join(root, s)))) };
  let previous;
  try {
    previous = JSON.parse(readFileSync(stamp, 'utf8'));
  } catch {
    previous = undefined;
  }
  if (!force && previous?.sourcesChangedAt === wanted.sourcesChangedAt) return false;
  if (!quiet) console.info('building the server...');
  // A fresh folder: chunks of an older build are never left beside the new ones.
  rmSync(serverDist, { recursive: true, force: true });
  // Loaded only to build: a start with a current build does not pay for it.
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints,
    outdir: serverDist,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: true,
    // Source maps point at the TypeScript files: stack traces name them (node --enable-source-maps).
    sourcesContent: false,
    logLevel: quiet ? 'error' : 'warning',
    tsconfig: path.join(serverDir, 'tsconfig.json'),
    plugins: [thirdPartyExternal, sourceDirname],
    banner: {
      // Chunks are written beside the entry points, so every bundle file's folder is the dist folder.
      js: [
        "import { resolve as __grabbitResolve } from 'node:path';",
        'const __grabbitSourceDir = (fromDist) => __grabbitResolve(import.meta.dirname, fromDist);',
      ].join('\n'),
    },
  });
  writeFileSync(path.join(serverDist, 'node-flags'), `${serverNodeFlags.join(' ')}\n`);
  writeFileSync(stamp, JSON.stringify({ ...wanted, builtAt: new Date().toISOString() }));
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer({ force: process.argv.includes('--force') });
}
