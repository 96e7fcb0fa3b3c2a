// Graceful shutdown of a process (server.ts, worker.ts): on SIGTERM or SIGINT, `close` runs and the
// process exits 0. Running jobs get SHUTDOWN_GRACE_SECONDS to finish (then, in scaled mode, they go
// back to the queue); 10 s more cover the hand-back and closing connections, after which the
// process exits 1 rather than hang.
import closeWithGrace from 'close-with-grace';
import type { Config } from './config/env';

interface ShutdownLog {
  info(message: string): void;
  error(details: { err: unknown }, message: string): void;
}

export function closeOnSignal(config: Config, log: ShutdownLog, close: () => Promise<void>): void {
  closeWithGrace({ delay: (config.SHUTDOWN_GRACE_SECONDS + 10) * 1000 }, async ({ err, signal }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else if (signal) log.info(`${signal}: shutting down`);
    await close();
    log.info('shut down');
  });
}
