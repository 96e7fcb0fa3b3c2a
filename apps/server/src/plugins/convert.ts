// Registers the converter: its parts for this process (embedded or scaled) and its routes.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../composition/app-context';
import { conversionParts, type ConversionParts } from '../convert/conversion-parts';
import type { JobRunner } from '../jobs/runner';
import { convertRoutes } from '../routes/convert';
import { scaledConversionParts } from '../composition/scaled-conversions';

/** Made before the downloader starts the process's job runner, which takes their job handler. */
export function makeConversionParts(app: FastifyInstance, context: AppContext): ConversionParts {
  const parts = context.scaled
    ? scaledConversionParts(context.scaled, context.config, app.log)
    : conversionParts({ config: context.config, bus: context.bus, log: app.log });
  app.addHook('onClose', () => parts.close());
  return parts;
}

export async function registerConvert(
  app: FastifyInstance,
  context: AppContext,
  parts: ConversionParts,
  runner: JobRunner,
): Promise<void> {
  await app.register(convertRoutes(context, parts, runner));
}
