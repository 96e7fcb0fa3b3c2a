import { describe, expect, it } from 'vitest';
import { MemoryClientQuota } from './memory-client-quota';

describe('the daily cloud quota (in memory)', () => {
  it('counts files and bytes per client for 24 hours; a refund gives them back', async () => {
    let now = 0;
    const quota = new MemoryClientQuota({ files: 2, bytes: 100 }, () => now);
    await quota.spend('a', 40);
    await quota.spend('a', 40);
    await expect(quota.spend('a', 1)).rejects.toMatchObject({ code: 'CLOUD_QUOTA_EXCEEDED' });
    await quota.spend('b', 100);
    await expect(quota.spend('b', 0)).resolves.toBeUndefined();
    await expect(quota.spend('b', 1)).rejects.toMatchObject({ code: 'CLOUD_QUOTA_EXCEEDED' });
    await quota.refund('a', 40);
    await quota.spend('a', 60);
    await expect(quota.spend('a', 0)).rejects.toMatchObject({ code: 'CLOUD_QUOTA_EXCEEDED' });
    now += 24 * 3_600_000;
    await quota.spend('a', 100);
  });
});
