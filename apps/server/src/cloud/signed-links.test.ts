import { describe, expect, it } from 'vitest';
import { isId } from '../core/ids';
import { LinkSigner } from './signed-links';

const secret = 'a'.repeat(40);

describe('link ids', () => {
  it('open to their file key with the same secret only, and differ on every link', () => {
    const signer = new LinkSigner(secret);
    const fileKey = 'AAAAAAAAAAAAAAAAAAAAAA-my-clip';
    const first = signer.linkId(fileKey);
    const second = signer.linkId(fileKey);
    expect(first).not.toBe(second);
    expect(first).not.toContain('AAAAAAAAAA');
    expect(signer.fileKeyOf(first)).toBe(fileKey);
    expect(signer.fileKeyOf(second)).toBe(fileKey);
    expect(new LinkSigner('b'.repeat(40)).fileKeyOf(first)).toBeUndefined();
  });

  it('refuse anything altered, too short or not made here', () => {
    const signer = new LinkSigner(secret);
    const id = signer.linkId('AAAAAAAAAAAAAAAAAAAAAA');
    const altered = `${id.slice(0, 20)}${id[20] === 'A' ? 'B' : 'A'}${id.slice(21)}`;
    for (const text of [altered, '', 'abc', 'AAAAAAAAAAAAAAAAAAAAAA', 'x'.repeat(2000)])
      expect(signer.fileKeyOf(text), text).toBeUndefined();
  });
});

describe('derived ids', () => {
  it('are ids, the same for the same parts and secret, different otherwise', () => {
    const signer = new LinkSigner(secret);
    const id = signer.derivedId('ip:1', 'result', 'false', '24');
    expect(isId(id)).toBe(true);
    expect(signer.derivedId('ip:1', 'result', 'false', '24')).toBe(id);
    expect(signer.derivedId('ip:2', 'result', 'false', '24')).not.toBe(id);
    expect(signer.derivedId('ip:1', 'result', 'true', '24')).not.toBe(id);
    expect(new LinkSigner('b'.repeat(40)).derivedId('ip:1', 'result', 'false', '24')).not.toBe(id);
  });
});
