// `npm start` after set-up: build the pages and the server when their sources changed, then serve
// everything with the compiled server (plain JavaScript: no TypeScript loader in the serving process).
// `node scripts/start.mjs --worker` does the same for `npm run worker`, which needs no pages.
import { spawn } from 'node:child_process';
import { buildPages } from './build-pages.mjs';
import { buildServer, serverNodeFlags } from './build-server.mjs';
import { root, toolsEnv } from './tools-env.mjs';

const worker = process.argv.includes('--worker');
if (!worker) buildPages();
await buildServer();
const entry = worker ? 'apps/server/dist/worker.js' : 'apps/server/dist/server.js';
const server = spawn('node', [...serverNodeFlags, entry], { cwd: root, stdio: 'inherit', env: toolsEnv });
// The server shuts down gracefully on these: they are passed on, and its exit becomes ours.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
