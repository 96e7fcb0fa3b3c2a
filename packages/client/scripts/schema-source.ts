// The client's types made from the API document with openapi-typescript: one `paths` entry per
// path, one `operations` entry per operation. File fields (`format: binary`) become `Blob`, which
// fetch and FormData take as they are, rather than the generator's default `string`.
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';

const blob = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

const banner = `// Made by \`npm run generate -w @grabbit/client\` from openapi.json (the server's API document):
// do not edit. A test fails when the server's document and this file disagree.
`;

export async function schemaSource(document: OpenAPI3): Promise<string> {
  const ast = await openapiTS(document, {
    transform: (schema) => (schema.format === 'binary' ? blob : undefined),
  });
  return banner + astToString(ast);
}
