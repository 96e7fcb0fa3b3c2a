// The image's HEALTHCHECK: the server answers GET /health on its port. A worker has no HTTP port:
// it is healthy while it runs (a dead worker's jobs go to another one after WORKER_LOCK_SECONDS).
import { readdirSync, readFileSync } from 'node:fs';

/** Whether this container runs the worker (its role may come from the argument or GRABBIT_ROLE). */
function runsWorker() {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .some((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dist/worker.js');
      } catch {
        return false;
      }
    });
}

if (runsWorker()) process.exit(0);
const port = process.env.PORT ?? '5000';
try {
  const answer = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(8000) });
  process.exit(answer.ok ? 0 : 1);
} catch {
  process.exit(1);
}
