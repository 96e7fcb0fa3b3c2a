// Registers the converter: its routes with the shared context.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { convertRoutes } from '../routes/convert';

export async function registerConvert(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(convertRoutes(context));
}
