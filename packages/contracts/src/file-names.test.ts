import { describe, expect, it } from 'vitest';
import { downloadName, safeBaseName, safeTitle } from './file-names';

describe('file names', () => {
  it('strips bidi controls, so a name cannot pretend to end in another extension', () => {
    const name = downloadName('invoice\u202egpj.exe.png', 'mp4');
    expect(name).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(name.endsWith('.mp4')).toBe(true);
    expect(safeBaseName('a\u2066b\u2069c\u200fd')).toBe('a b c d');
  });

  it('keeps the base name and non-ASCII letters, drops folders and control characters', () => {
    expect(downloadName('C:\\photos\\Été\u0007 2024.HEIC', 'JPG')).toBe('Été 2024.jpg');
    expect(downloadName('../../etc/passwd', 'png')).toBe('passwd.png');
    expect(downloadName('', 'webp')).toBe('converted.webp');
  });
});

describe('titles', () => {
  it('lose control and bidi characters but keep what a title says', () => {
    expect(safeTitle('Part 1/2: \u202eevil\u202c?\u0007')).toBe('Part 1/2: evil ?');
    expect(safeTitle('\u2066\u2069', 'Fallback')).toBe('Fallback');
  });
});
