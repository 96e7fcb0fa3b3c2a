// Writes src/schema.ts, the client's types, from openapi.json (the server's API document, kept
// current by `npm run generate` and a test). Run by the client's typecheck, so the types are never
// older than the document.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { schemaSource } from './schema-source';

const root = path.resolve(import.meta.dirname, '..');
const document = JSON.parse(await readFile(path.join(root, 'openapi.json'), 'utf8'));
await writeFile(path.join(root, 'src/schema.ts'), await schemaSource(document));
