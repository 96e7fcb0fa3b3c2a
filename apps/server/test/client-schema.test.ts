// The typed client (packages/client) is made from the API document the server serves: this fails
// when a route or a schema changed and `npm run generate -w @grabbit/client` was not run again.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { openApiDocumentText } from '../src/cli/openapi-document';

it("the client's copy of the API document is the one the server serves", async () => {
  const copy = await readFile(new URL('../../../packages/client/openapi.json', import.meta.url), 'utf8');
  expect(JSON.parse(copy)).toEqual(JSON.parse(await openApiDocumentText()));
});
