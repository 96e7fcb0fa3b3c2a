import { describe, expect, it } from 'vitest';
import { apiPath, apiRoutes, apiUrlAt } from './api-paths';

describe('api paths', () => {
  it('builds concrete paths with each parameter encoded', () => {
    expect(apiPath(apiRoutes.batchZip, { batchId: 'a b' })).toBe('/api/download/playlist/a%20b/download');
    expect(apiPath(apiRoutes.download, { platform: 'youtube' })).toBe('/api/download/youtube');
  });

  it('puts /api paths at the API origin, other paths under the base', () => {
    expect(apiUrlAt('https://x.example/api', apiRoutes.publicConfig)).toBe('https://x.example/api/config');
    expect(apiUrlAt('https://x.example/api', '/download/task/1')).toBe(
      'https://x.example/api/download/task/1',
    );
  });
});
