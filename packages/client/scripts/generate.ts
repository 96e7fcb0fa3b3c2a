// `npm run generate -w @grabbit/client`: writes the server's API document (openapi.json), then the
// types made from it (src/schema.ts). Run it after changing a route or a schema of packages/contracts.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openApiDocumentText } from '../../../apps/server/src/cli/openapi-document';

const root = path.resolve(import.meta.dirname, '..');
await writeFile(path.join(root, 'openapi.json'), await openApiDocumentText());
await import('./write-types');
console.info('wrote openapi.json and src/schema.ts');
