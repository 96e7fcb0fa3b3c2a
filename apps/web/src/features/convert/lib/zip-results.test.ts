import { converterPages } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { uniqueNames, zipName } from './zip-results';

describe('zip of the results', () => {
  it('makes entry names unique, ignoring case', () => {
    expect(uniqueNames(['a.jpg', 'b.jpg', 'a.jpg', 'A.jpg', 'notes'])).toEqual([
      'a.jpg',
      'b.jpg',
      'a (2).jpg',
      'A (3).jpg',
      'notes',
    ]);
    expect(uniqueNames(['x', 'x'])).toEqual(['x', 'x (2)']);
  });

  it('is named after the page', () => {
    const png = converterPages.find((page) => page.id === 'png');
    expect(png && zipName(png)).toBe('png-converter.zip');
  });
});
