// `npm run openapi [-- FILE]`: the API document, the same one GET /api/openapi.json serves, written
// to FILE or printed: for client generators (packages/client is made from it) and API gateways.
// The app is built with its defaults in a temporary data folder and never listens.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiRoutes } from '@grabbit/contracts';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';

/** The document as the server serves it, formatted as the committed copies are (two spaces). */
export async function openApiDocumentText(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'grabbit-openapi-'));
  try {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIST_DIR: path.join(dir, 'no-web'),
      START_WORKER: 'false',
    });
    const app = await buildApp({ config, engines: [] });
    try {
      const answer = await app.inject({ url: apiRoutes.openApi });
      return `${JSON.stringify(answer.json(), null, 2)}\n`;
    } finally {
      await app.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  const text = await openApiDocumentText();
  if (file) await writeFile(file, text);
  else process.stdout.write(text);
}
