// POST /api/validate/url: whether a link can be downloaded, and on which page.
import { apiRoutes, validateUrlRequestSchema, validateUrlResponseSchema } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config/env';
import { validateLink } from '../download/validate-link';
import { answers } from '../http/route-schemas';

export function validateRoutes(config: Config) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().post(
      apiRoutes.validateUrl,
      {
        schema: {
          summary: 'Whether a link can be downloaded, and on which page',
          tags: ['downloads'],
          body: validateUrlRequestSchema,
          response: answers(validateUrlResponseSchema),
          errors: ['UNSUPPORTED_PLATFORM'],
        },
      },
      async (request) => validateLink(request.body, config.MEDIA_TEST_HOSTS),
    );
  };
}
