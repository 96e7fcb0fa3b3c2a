// The document's paths as a client calls them: the downloader's `{platform}` routes written out
// once per platform (each is a fixed address, and a template there would be ambiguous beside
// `/api/download/playlist` and `/api/download/task/{taskId}`), their shared request body and
// answers stated once as components; each operation with a unique id made from its method and path.
import { platforms } from '@grabbit/catalog';

interface Parameter {
  in: string;
  name: string;
}
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean } | { $ref: string };
  responses?: Record<string, unknown>;
} & Record<string, unknown>;
export type Paths = Record<string, Record<string, Operation>>;

/** What the written-out operations share, by name. */
export interface SharedParts {
  requestBodies: Record<string, unknown>;
  responses: Record<string, unknown>;
}

const platformTemplate = '{platform}';

/** An operation extension (copied by @fastify/swagger) saying the request body may be left out. */
export const optionalBodyMark = 'x-optional-body';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `get /api/download/task/{taskId}` -> `getDownloadTaskByTaskId`. */
export function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((part) => part !== '' && part !== 'api')
    .map((part) => (part.startsWith('{') ? `by-${part.slice(1, -1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/));
  return method.toLowerCase() + words.map(capitalised).join('');
}

/** The template's operation with its body and answers moved to `shared`, referred to by name. */
function sharedOperation(method: string, path: string, operation: Operation, shared: SharedParts): Operation {
  const name = operationId(method, path);
  const { parameters, requestBody, responses, ...rest } = operation;
  const kept = (parameters ?? []).filter((p) => !(p.in === 'path' && p.name === 'platform'));
  if (requestBody) shared.requestBodies[name] = requestBody;
  const answers = Object.entries(responses ?? {}).map(([status, answer]) => {
    shared.responses[`${name}${status}`] = answer;
    return [status, { $ref: `#/components/responses/${name}${status}` }];
  });
  return {
    ...rest,
    ...(kept.length > 0 ? { parameters: kept } : {}),
    ...(requestBody ? { requestBody: { $ref: `#/components/requestBodies/${name}` } } : {}),
    responses: Object.fromEntries(answers),
  };
}

function writeOutPlatforms(paths: Paths, shared: SharedParts): Paths {
  return Object.fromEntries(
    Object.entries(paths).flatMap(([path, operations]) => {
      if (!path.includes(platformTemplate)) return [[path, operations]];
      const template = Object.entries(operations).map(([method, op]) => [
        method,
        sharedOperation(method, path, op, shared),
      ]);
      return platforms.map((platform) => [
        path.replace(platformTemplate, platform.id),
        Object.fromEntries(template.map(([method, op]) => [method, structuredClone(op)])),
      ]);
    }),
  );
}

export function clientPaths(paths: Paths): { paths: Paths; shared: SharedParts } {
  const shared: SharedParts = { requestBodies: {}, responses: {} };
  const written = writeOutPlatforms(paths, shared);
  for (const [path, operations] of Object.entries(written))
    for (const [method, operation] of Object.entries(operations)) {
      operation.operationId = operationId(method, path);
      const body = operation.requestBody;
      if (operation[optionalBodyMark] && body && !('$ref' in body)) body.required = false;
      delete operation[optionalBodyMark];
    }
  return { paths: written, shared };
}
