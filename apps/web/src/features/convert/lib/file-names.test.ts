import { describe, expect, it } from 'vitest';
import { baseName, downloadName, fileExtension } from './file-names';

describe('file names', () => {
  it('reads the lowercase extension', () => {
    expect(fileExtension('Holiday.PNG')).toBe('png');
    expect(fileExtension('archive.tar.gz')).toBe('gz');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.hidden')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
  });

  it('keeps the base name and swaps the extension', () => {
    expect(baseName('my.photo.png')).toBe('my.photo');
    expect(downloadName('my.photo.png', 'JPG')).toBe('my.photo.jpg');
    expect(downloadName('clip', 'webm')).toBe('clip.webm');
    expect(downloadName('фото день.heic', 'png')).toBe('фото день.png');
  });
});
