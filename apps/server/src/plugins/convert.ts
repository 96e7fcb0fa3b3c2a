// Registers the converter's routes around the converter service the composition root built.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env';
import type { ConverterService } from '../convert/converter-service';
import { convertRoutes } from '../routes/convert';

export async function registerConvert(
  app: FastifyInstance,
  converter: ConverterService,
  config: Config,
): Promise<void> {
  await app.register(convertRoutes(converter, config));
}
