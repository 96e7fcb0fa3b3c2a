import { describe, expect, it } from 'vitest';
import { ClientIdentity, limitAddress, trustProxyFunction } from './client-identity';

describe('client identity', () => {
  it('groups IPv6 by /56 and reads IPv4-mapped addresses as IPv4', () => {
    expect(limitAddress('2001:db8:1:1ff:aaaa::1')).toBe('2001:db8:1:100::/56');
    expect(limitAddress('2001:db8:1:100::2')).toBe('2001:db8:1:100::/56');
    expect(limitAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(limitAddress('203.0.113.9')).toBe('203.0.113.9');
  });

  it('hashes with a salt: no address in the key, a different salt a different key', () => {
    const a = new ClientIdentity('salt-a', trustProxyFunction(''));
    const b = new ClientIdentity('salt-b', trustProxyFunction(''));
    expect(a.keyOf('203.0.113.9')).toMatch(/^ip:[0-9a-f]{32}$/);
    expect(a.keyOf('203.0.113.9')).not.toContain('203');
    expect(a.keyOf('203.0.113.9')).not.toBe(b.keyOf('203.0.113.9'));
    expect(new ClientIdentity('', trustProxyFunction('')).keyOf('1.2.3.4')).not.toBe(
      new ClientIdentity('', trustProxyFunction('')).keyOf('1.2.3.4'),
    );
  });

  it('TRUST_PROXY: nothing by default, a hop count, or an address list', () => {
    expect(trustProxyFunction('')('127.0.0.1', 0)).toBe(false);
    const hops = trustProxyFunction('2');
    expect([hops('10.0.0.1', 0), hops('10.0.0.2', 1), hops('10.0.0.3', 2)]).toEqual([true, true, false]);
    const list = trustProxyFunction('10.0.0.0/8, 127.0.0.1');
    expect([list('10.1.2.3', 0), list('127.0.0.1', 0), list('203.0.113.1', 0)]).toEqual([true, true, false]);
    expect(() => trustProxyFunction('not-an-address')).toThrow();
  });
});
