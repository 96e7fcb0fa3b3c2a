// GET /api/config: what the pages need from the server's configuration, so an operator changes ad
// keys, sponsor links and flags without rebuilding, and the per-client limits the pages pace their
// work within. Test hosts appear only when the offline-testing switch is on.
import { apiRoutes, publicConfigSchema, resumableFromBytes } from '@grabbit/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env';
import { answers } from '../http/route-schemas';

const schema = {
  summary: 'What the pages need from the configuration',
  tags: ['service'],
  response: answers(publicConfigSchema),
};

export function publicConfigRoutes(config: Config) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get(apiRoutes.publicConfig, { schema }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        apiCandidates: config.API_CANDIDATES,
        ads: {
          networkUrl: config.AD_NETWORK_URL,
          regularKeys: config.AD_KEYS_REGULAR,
          adultKeys: config.AD_KEYS_ADULT,
        },
        sponsors: {
          regular: { link: config.SPONSOR_LINK_REGULAR, script: config.SPONSOR_SCRIPT_REGULAR },
          adult: { link: config.SPONSOR_LINK_ADULT, script: config.SPONSOR_SCRIPT_ADULT },
        },
        features: { monetization: config.FEATURE_MONETIZATION, cloudStorage: config.FEATURE_CLOUD_STORAGE },
        ...(config.MEDIA_TEST_HOSTS.length > 0 ? { testHosts: config.MEDIA_TEST_HOSTS } : {}),
        // An anonymous visitor's budgets, so the pages pace their own work within them.
        limits: {
          apiPerMinute: config.RATE_LIMIT_API_PER_MINUTE,
          jobsPerMinute: config.RATE_LIMIT_JOBS_PER_MINUTE,
          activeJobsPerClient: config.MAX_ACTIVE_JOBS_PER_CLIENT,
        },
        resumableUploads: { chunkBytes: config.UPLOAD_CHUNK_BYTES, fromBytes: resumableFromBytes },
      };
    });
  };
}
