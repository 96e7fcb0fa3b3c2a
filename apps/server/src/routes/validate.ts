// POST /api/validate/url: whether a link can be downloaded, and on which page, by the catalog's
// rules and the same safety checks a download runs.
import { isMultiMediaLink, isPlaylistLink, platformById, platformForLink } from '@grabbit/catalog';
import {
  apiRoutes,
  validateUrlRequestSchema,
  validateUrlResponseSchema,
  type ValidateUrlResponse,
} from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config/env';
import { checkDownloadUrl } from '../download/url-rules';
import { AppError } from '../http/app-error';
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
          response: answers(validateUrlResponseSchema, [404]),
        },
      },
      async (request): Promise<ValidateUrlResponse> => {
        const { body } = request;
        const testHosts = config.MEDIA_TEST_HOSTS;
        const page = body.platform ? platformById(body.platform) : undefined;
        if (body.platform && !page)
          throw new AppError('UNSUPPORTED_PLATFORM', `Unsupported platform: ${body.platform}`);
        const platform = page ?? platformForLink(body.url);
        const answer = (valid: boolean, message: string): ValidateUrlResponse => ({
          valid,
          platform: platform?.id ?? null,
          route: platform?.route ?? null,
          isPlaylist: valid && isPlaylistLink(body.url, testHosts),
          isMultiMedia: valid && isMultiMediaLink(body.url, page, testHosts),
          message,
        });
        if (!platform) return answer(false, 'This URL is not supported on the current downloader');
        try {
          checkDownloadUrl(body.url, platform, testHosts);
        } catch (error) {
          if (error instanceof AppError) return answer(false, error.message);
          throw error;
        }
        return answer(true, `This link can be downloaded on the ${platform.name} downloader`);
      },
    );
  };
}
