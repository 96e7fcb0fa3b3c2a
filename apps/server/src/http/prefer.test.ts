import { describe, expect, it } from 'vitest';
import { parsePrefer, waitMsFor } from './prefer';

describe('the Prefer header', () => {
  it('reads respond-async and wait from one or several headers', () => {
    expect(parsePrefer('respond-async')).toEqual({ respondAsync: true });
    expect(parsePrefer('respond-async, wait=0')).toEqual({ respondAsync: true, waitSeconds: 0 });
    expect(parsePrefer(['Respond-Async', 'WAIT=5'])).toEqual({ respondAsync: true, waitSeconds: 5 });
    expect(parsePrefer(undefined)).toEqual({ respondAsync: false });
  });

  it('ignores a wait that is not a whole number of seconds', () => {
    expect(parsePrefer('respond-async, wait=-1')).toEqual({ respondAsync: true });
    expect(parsePrefer('respond-async, wait=soon')).toEqual({ respondAsync: true });
    expect(parsePrefer('respond-async, wait=1.5')).toEqual({ respondAsync: true });
  });

  it("shortens the server's wait, never lengthens it", () => {
    expect(waitMsFor({ respondAsync: true, waitSeconds: 0 }, 60_000)).toBe(0);
    expect(waitMsFor({ respondAsync: true, waitSeconds: 600 }, 60_000)).toBe(60_000);
    expect(waitMsFor({ respondAsync: true }, 60_000)).toBe(60_000);
  });
});
