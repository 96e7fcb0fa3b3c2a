// POST /api/convert/image | audio-general | video (spec section 7): multipart OutputFormat,
// Quality, optional ProgressId and options (contracts convert-options.ts), InputFile, in any order.
// Answers the converted file (or, with `Prefer: respond-async` past the wait, 202 and a job), or JSON
// { error, Error, code } with a 4xx status for bad input. The work is in convert/: a `convert` job,
// run in this process (embedded mode) or on a worker (scaled mode).
import multipart from '@fastify/multipart';
import type { ConverterKind } from '@grabbit/catalog';
import { convertEndpoints } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../composition/app-context';
import { acceptQueuedConversion } from '../convert/accept-queued-conversion';
import type { ConversionParts } from '../convert/conversion-parts';
import type { JobRunner } from '../jobs/runner';
import { convertJobRoutes } from './convert-jobs';
import { convertRouteSchema } from './convert-schemas';

export function convertRoutes(context: AppContext, parts: ConversionParts, runner: JobRunner) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(multipart, { throwFileSizeLimit: true });
    await app.register(convertJobRoutes(parts.state, parts.results));
    const { config, bus } = context;
    const handle = (kind: ConverterKind) => acceptQueuedConversion({ config, bus, parts, runner }, kind);

    app.post(convertEndpoints.image, { schema: convertRouteSchema('image') }, handle('image'));
    app.post(convertEndpoints.audio, { schema: convertRouteSchema('audio') }, handle('audio'));
    app.post(convertEndpoints.video, { schema: convertRouteSchema('video') }, handle('video'));
  };
}
