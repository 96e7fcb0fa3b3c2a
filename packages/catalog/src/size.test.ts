import { describe, expect, it } from 'vitest';
import { countOf, formatMegabytes, parseSizeText } from './size';

describe('size text parsing', () => {
  it.each([
    ['512KB', 512 * 1024],
    ['50MB', 50 * 1024 ** 2],
    ['1GB', 1024 ** 3],
    ['2GB', 2 * 1024 ** 3],
    ['1.5GB', 1.5 * 1024 ** 3],
    ['10 MB', 10 * 1024 ** 2],
    ['25mb', 25 * 1024 ** 2],
    ['200', 200 * 1024 ** 2],
    ['0.5', 0.5 * 1024 ** 2],
  ])('%s is %i bytes', (text, bytes) => {
    expect(parseSizeText(text)).toBe(bytes);
  });

  it('uses binary units, not decimal ones', () => {
    expect(parseSizeText('1MB')).toBe(1_048_576);
    expect(parseSizeText('1GB')).toBe(1_073_741_824);
  });

  it.each(['', 'MB', 'big', '-5MB', '5TB'])('refuses %j', (text) => {
    expect(() => parseSizeText(text)).toThrow();
  });
});

describe('size display', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [600, '600 bytes'],
    [1536, '1.5 KB'],
    [12_800, '12.5 KB'],
    [1024 ** 2, '1.0 MB'],
    [1.25 * 1024 ** 2, '1.3 MB'],
    [123_456, '0.1 MB'],
    [1024 ** 3, '1024.0 MB'],
  ])('%i bytes show as %s', (bytes, text) => {
    expect(formatMegabytes(bytes)).toBe(text);
  });
});

describe('counts', () => {
  it('says 1 file and 3 files', () => {
    expect([0, 1, 3].map((n) => countOf(n, 'file'))).toEqual(['0 files', '1 file', '3 files']);
  });
});
