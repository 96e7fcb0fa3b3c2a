import { describe, expect, it } from 'vitest';
import { UploadLocks } from './upload-locks';

describe('UploadLocks', () => {
  it('a newcomer asks the holder to stop and goes on once it let go', async () => {
    const locks = new UploadLocks();
    const order: string[] = [];
    let releaseFirst = () => undefined as void;
    releaseFirst = await locks.acquire('a', () => {
      order.push('first asked to stop');
      setImmediate(() => {
        order.push('first lets go');
        releaseFirst();
      });
    });
    const second = await locks.acquire('a', () => undefined);
    order.push('second holds');
    expect(order).toEqual(['first asked to stop', 'first lets go', 'second holds']);
    second();
  });

  it('uploads are held apart, and a released one is free at once', async () => {
    const locks = new UploadLocks();
    let stopped = false;
    const a = await locks.acquire('a', () => (stopped = true));
    const b = await locks.acquire('b', () => undefined);
    expect(stopped).toBe(false);
    a();
    b();
    const again = await locks.acquire('a', () => undefined);
    expect(stopped).toBe(false);
    again();
  });
});
