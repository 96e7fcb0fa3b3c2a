// Entry point of a worker process (`npm run worker`, scaled mode only): takes jobs from the Redis
// queues and runs them with the engines, any number of them on any machine. On SIGTERM it stops
// taking jobs, lets running ones finish for a while, and hands the rest back to the queue.
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config/env';
import { buildProcessParts } from './composition/process-parts';
import { checkEngines, missingEnginesMessage } from './engines/engines';
import { closeOnSignal } from './process-shutdown';
import { keepFilesPrivate } from './core/private-files';

async function main(): Promise<void> {
  keepFilesPrivate();
  const config = loadConfig();
  if (!config.REDIS_URL) {
    console.error('A worker takes its jobs from Redis: set REDIS_URL (see "Running on several machines").');
    process.exit(1);
  }
  const missing = missingEnginesMessage(await checkEngines(config));
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
  const log = pino({ level: config.LOG_LEVEL, redact: ['instagramCookies', '*.instagramCookies'] });
  // The job table's handlers on the BullMQ runner; no feature service, no HTTP.
  const parts = await buildProcessParts(config, log, { runsJobs: true });
  closeOnSignal(config, log, () => parts.close());
  log.info('worker ready');
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `The Grabbit worker could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
