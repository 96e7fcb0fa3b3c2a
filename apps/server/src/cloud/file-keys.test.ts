import { describe, expect, it } from 'vitest';
import { displayName, isFileKey, newFileKey, sanitiseKeyName } from './file-keys';
import { resultIdFromFilePath } from './result-reference';
import { LinkSigner } from './signed-links';

const id = 'AbCdEfGhIjKlMnOpQrStUv';

describe('file keys', () => {
  it('always start with 128 random bits, then the sanitised name', () => {
    const a = newFileKey('My holiday (2024)/../x');
    const b = newFileKey('My holiday (2024)/../x');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}-My-holiday-2024-.-x$/);
    expect(isFileKey(a)).toBe(true);
    expect(newFileKey(undefined)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('sanitises names to letters, digits, dot, underscore and hyphen', () => {
    expect(sanitiseKeyName('Café déjà vu!!')).toBe('Cafe-deja-vu');
    expect(sanitiseKeyName('...')).toBe('');
    expect(sanitiseKeyName('a..b')).toBe('a.b');
    expect(sanitiseKeyName('x'.repeat(100))).toHaveLength(64);
  });

  it('refuses anything else as a key', () => {
    for (const text of ['', 'holiday', `${id}/x`, `${id}-..`, `${id}-a/b`, '../' + id, `${id}x`])
      expect(isFileKey(text), text).toBe(false);
  });

  it('keeps display names without folders or control characters', () => {
    expect(displayName('../../etc/passwd\r\n')).toBe('etc passwd');
    expect(displayName('clip\u202Eexe.mp4')).toBe('clip exe.mp4');
    expect(displayName('Vidéo été')).toBe('Vidéo été');
  });
});

describe('result references', () => {
  const own = ['http://localhost:80', 'https://grabbit.example'];
  it('accepts a downloadUrl, our absolute link or a bare id', () => {
    expect(resultIdFromFilePath(`/api/download/file/${id}`, own)).toBe(id);
    expect(resultIdFromFilePath(`http://localhost/api/download/file/${id}`, own)).toBe(id);
    expect(resultIdFromFilePath(`https://grabbit.example/api/download/file/${id}`, own)).toBe(id);
    expect(resultIdFromFilePath(id, own)).toBe(id);
  });

  it('refuses paths, other hosts and other routes', () => {
    for (const text of [
      '/etc/passwd',
      '../../x',
      `/api/download/file/${id}/../x`,
      `https://evil.example/api/download/file/${id}`,
      `http://user:pw@localhost/api/download/file/${id}`,
      `file:///api/download/file/${id}`,
      `/api/download/task/${id}`,
    ])
      expect(() => resultIdFromFilePath(text, own), text).toThrow(/filePath must be/);
  });
});

describe('signed links', () => {
  const signer = new LinkSigner('s'.repeat(32));
  it('are valid until their time, then expired; any change makes them invalid', () => {
    const signature = signer.sign(id, 1000);
    expect(signer.check(id, '1000', signature, 999_000)).toBe('valid');
    expect(signer.check(id, '1000', signature, 1_000_000)).toBe('expired');
    expect(signer.check(id, '1001', signature, 0)).toBe('invalid');
    expect(signer.check(`${id}-x`, '1000', signature, 0)).toBe('invalid');
    expect(signer.check(id, '1000', undefined, 0)).toBe('invalid');
    expect(new LinkSigner('t'.repeat(32)).check(id, '1000', signature, 0)).toBe('invalid');
  });
});
