import { converterById, type ConverterPage } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { checkFileSizes, isAcceptedFile, keptAsIsNote, maxFileBytes, refusalOf } from './file-selection';

function page(id: string): ConverterPage {
  const found = converterById(id);
  if (!found) throw new Error(`no page ${id}`);
  return found;
}

describe('file selection', () => {
  it("accepts any file of the page's kind, in any case", () => {
    expect(isAcceptedFile(page('jpeg'), { name: 'a.JPG', type: 'image/jpeg', size: 1 })).toBe(true);
    expect(isAcceptedFile(page('jpeg'), { name: 'a.jpeg', type: '', size: 1 })).toBe(true);
    expect(isAcceptedFile(page('png'), { name: 'a.gif', type: 'image/gif', size: 1 })).toBe(true);
    expect(isAcceptedFile(page('mp4'), { name: 'a.WMV', type: '', size: 1 })).toBe(true);
    expect(isAcceptedFile(page('mp3'), { name: 'a.mp4', type: 'video/mp4', size: 1 })).toBe(false);
  });

  it('uses the MIME type only for names without an extension', () => {
    expect(isAcceptedFile(page('png'), { name: 'pasted', type: 'image/png', size: 1 })).toBe(true);
    expect(isAcceptedFile(page('png'), { name: 'pasted', type: 'image/webp', size: 1 })).toBe(true);
    expect(isAcceptedFile(page('png'), { name: 'pasted', type: '', size: 1 })).toBe(false);
    expect(isAcceptedFile(page('png'), { name: 'a.txt', type: 'image/png', size: 1 })).toBe(false);
  });

  it('says why a file of another kind is refused and names the page that takes it', () => {
    expect(refusalOf(page('png'), { name: 'clip.mp4', type: 'video/mp4', size: 1 })).toEqual({
      name: 'clip.mp4',
      reason: 'MP4 is a video file: this page converts image files.',
      elsewhere: { route: '/mp4-converter', label: 'MP4 converter' },
    });
    expect(refusalOf(page('mp4'), { name: 'song', type: 'audio/mpeg', size: 1 }).elsewhere?.route).toBe(
      '/mp3-converter',
    );
    expect(refusalOf(page('png'), { name: 'song.wav', type: 'audio/wav', size: 1 }).reason).toBe(
      'WAV is an audio file: this page converts image files.',
    );
    expect(refusalOf(page('png'), { name: 'notes.pdf', type: '', size: 1 })).toEqual({
      name: 'notes.pdf',
      reason: 'PDF is not an image, video or audio format we convert.',
    });
  });

  it('keeps a file already in the chosen format as it is, JPEG and JPG alike', () => {
    const jpeg = { name: 'photo.jpeg', type: 'image/jpeg', size: 1 };
    expect(keptAsIsNote(jpeg, 'jpg')).toBe('Already in JPG format: kept as it is, not converted.');
    expect(keptAsIsNote(jpeg, 'png')).toBeUndefined();
    expect(keptAsIsNote({ name: 'take.WAV', type: '', size: 1 }, 'wav')).toBeDefined();
    expect(keptAsIsNote({ name: 'scan.tif', type: '', size: 1 }, 'tiff')).toBeDefined();
    expect(keptAsIsNote({ name: 'pasted', type: 'image/png', size: 1 }, 'png')).toBeDefined();
  });

  it('reads the page limit from the catalog', () => {
    expect(maxFileBytes(page('ico'))).toBe(10 * 1024 ** 2);
    expect(maxFileBytes(page('mkv'))).toBe(1024 ** 3);
  });

  it('splits files at the limit, which itself is allowed', () => {
    const limit = 10 * 1024 ** 2;
    const files = [
      { name: 'a.ico', type: '', size: limit },
      { name: 'b.ico', type: '', size: limit + 1 },
    ];
    const { valid, tooLarge } = checkFileSizes(page('ico'), files);
    expect(valid.map((f) => f.name)).toEqual(['a.ico']);
    expect(tooLarge.map((f) => f.name)).toEqual(['b.ico']);
  });
});
