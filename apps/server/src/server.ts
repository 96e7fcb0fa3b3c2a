// Entry point: read the configuration, check the engines, listen, and shut down gracefully.
import { ConfigError, loadConfig } from './config/env';
import { checkEngines, missingEnginesMessage } from './engines/engines';
import { closeOnSignal } from './process-shutdown';
import { keepFilesPrivate } from './core/private-files';

async function main(): Promise<void> {
  keepFilesPrivate();
  const config = loadConfig();
  // The engines' version checks start first: they run while the app's modules load (over a
  // second of start-up, imported only now for that reason) and while the app is built.
  const checking = checkEngines(config);
  const { buildApp } = await import('./app');
  const app = await buildApp({ config, engines: checking });
  const missing = missingEnginesMessage(await checking);
  if (missing) {
    // Refuse to start rather than fail on the first job.
    console.error(missing);
    await app.close();
    process.exit(1);
  }
  const { ytDlpFallbackWarning } = await import('./ytdlp');
  const fallback = ytDlpFallbackWarning(config);
  if (fallback) console.warn(fallback);
  closeOnSignal(config, app.log, () => app.close());
  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Grabbit could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
