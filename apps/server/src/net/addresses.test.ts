// Address classification shared by the link rules and the egress guard.
import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './addresses';

describe('isPrivateAddress', () => {
  it('takes names by their suffix and ordinary public addresses as public', () => {
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('172.20.0.1')).toBe(true);
    expect(isPrivateAddress('youtube.com')).toBe(false);
    expect(isPrivateAddress('printer.local')).toBe(true);
  });

  it('classifies every non-public address form, IPv6 wrappers by the IPv4 address they carry', () => {
    const refused = [
      '0.0.0.0',
      '127.0.0.2',
      '100.64.0.1', // CGNAT
      '100.100.100.200', // a cloud's metadata service inside CGNAT
      '169.254.169.254',
      '192.0.0.192',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:a9fe:a9fe', // mapped 169.254.169.254, written out in full
      '::127.0.0.1', // IPv4-compatible
      '64:ff9b::a00:1', // NAT64 of 10.0.0.1
      '64:ff9b:1::1', // local-use NAT64
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2001:0:4136:e378::1', // Teredo
      'fd00:ec2::254', // a cloud's IPv6 metadata address (unique local)
      'fe80::1',
      'fec0::1',
      'ff02::1',
      '2001:db8::1',
    ];
    for (const address of refused) expect(isPrivateAddress(address), address).toBe(true);
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});
