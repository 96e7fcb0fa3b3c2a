// What the OpenAPI document says about the cloud-storage routes (routes/cloudstorage.ts). Each one
// also answers 404 FEATURE_DISABLED when FEATURE_CLOUD_STORAGE is off.
import { cloudDownloadRequestSchema, cloudUploadRequestSchema } from '@grabbit/contracts';
import type { RouteDoc } from './route-docs';

const whenOff = ' (404 FEATURE_DISABLED while cloud storage is off)';

export const cloudRouteDocs: Record<string, RouteDoc> = {
  'POST /api/cloudstorage/download-and-upload': {
    summary: `Download a link and keep the file in cloud storage; answers its link${whenOff}`,
    tag: 'cloud storage',
    body: cloudDownloadRequestSchema,
    errors: [403, 404, 413, 422, 502, 503, 504, 507],
  },
  'POST /api/cloudstorage/upload': {
    summary: `Keep a result this server gave out in cloud storage; answers its link${whenOff}`,
    tag: 'cloud storage',
    body: cloudUploadRequestSchema,
    errors: [404, 413, 507],
  },
  'GET /api/cloudstorage/status': {
    summary: `Cloud storage limits and usage, and a fresh link for ?fileKey=${whenOff}`,
    tag: 'cloud storage',
    errors: [404],
  },
  'DELETE /api/cloudstorage/delete/{fileKey}': {
    summary: `Delete a kept file${whenOff}`,
    tag: 'cloud storage',
    errors: [404],
  },
  'GET /api/cloudstorage/files/{fileKey}': {
    summary: `A kept file: public, or with ?expires=&signature= from a signed link${whenOff}`,
    tag: 'cloud storage',
    answer: { file: 'application/octet-stream' },
    errors: [403, 404],
  },
};
