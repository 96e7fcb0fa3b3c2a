// The document's paths as a client calls them: the downloader's `{platform}` routes written out
// once per platform (each is a fixed address, and a template there would be ambiguous beside
// `/api/download/playlist` and `/api/download/task/{taskId}`), each operation with a unique id
// made from its method and path.
import { platforms } from '@grabbit/catalog';

interface Parameter {
  in: string;
  name: string;
}
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean };
} & Record<string, unknown>;
export type Paths = Record<string, Record<string, Operation>>;

const platformTemplate = '{platform}';

/** An operation extension (copied by @fastify/swagger) saying the request body may be left out. */
export const optionalBodyMark = 'x-optional-body';

const withoutPlatform = (operation: Operation): Operation => {
  const { parameters, ...rest } = structuredClone(operation);
  const kept = (parameters ?? []).filter((p) => !(p.in === 'path' && p.name === 'platform'));
  return kept.length > 0 ? { ...rest, parameters: kept } : rest;
};

function writeOutPlatforms(paths: Paths): Paths {
  return Object.fromEntries(
    Object.entries(paths).flatMap(([path, operations]) => {
      if (!path.includes(platformTemplate)) return [[path, operations]];
      return platforms.map((platform) => [
        path.replace(platformTemplate, platform.id),
        Object.fromEntries(Object.entries(operations).map(([method, op]) => [method, withoutPlatform(op)])),
      ]);
    }),
  );
}

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

export function clientPaths(paths: Paths): Paths {
  const written = writeOutPlatforms(paths);
  for (const [path, operations] of Object.entries(written))
    for (const [method, operation] of Object.entries(operations)) {
      operation.operationId = operationId(method, path);
      if (operation[optionalBodyMark] && operation.requestBody) operation.requestBody.required = false;
      delete operation[optionalBodyMark];
    }
  return written;
}
