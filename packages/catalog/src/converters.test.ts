import { describe, expect, it } from 'vitest';
import {
  acceptedFileTypes,
  converterById,
  converterPageFor,
  converterPages,
  readableInputs,
} from './converters';
import { parseSizeText } from './size';

// Every converter page's outputs, written out as the product lists them (upper case, in order).
const specOutputs: Record<string, string> = {
  png: 'JPG, JPEG, WEBP, GIF, BMP, TIFF, TGA, EXR, ICO',
  jpeg: 'PNG, WEBP, GIF, BMP, TIFF, TGA, EXR, ICO',
  webp: 'PNG, JPG, JPEG, GIF, BMP, TIFF, TGA, EXR, ICO',
  gif: 'PNG, JPEG, JPG, WEBP, BMP, TIFF, TGA, ICO',
  bmp: 'PNG, JPEG, JPG, WEBP, GIF, TIFF, TGA, ICO',
  tiff: 'PNG, JPEG, JPG, WEBP, GIF, BMP, TGA, ICO',
  tga: 'PNG, JPEG, JPG, WEBP, GIF, BMP, TIFF, ICO',
  exr: 'PNG, JPEG, JPG, WEBP, TIFF, BMP, TGA',
  heif: 'PNG, JPEG, JPG, WEBP, BMP, TIFF',
  ico: 'PNG, JPEG, JPG, WEBP, BMP, TIFF, GIF',
  psd: 'PNG, JPEG, JPG, WEBP, TIFF, BMP',
  mp4: 'AVI, MOV, WEBM, MKV, WMV, FLV, 3GP, M4V',
  avi: 'MP4, MOV, WEBM, MKV, WMV, FLV, 3GP, M4V',
  mov: 'MP4, AVI, WEBM, MKV, WMV, FLV, 3GP, M4V',
  webm: 'MP4, AVI, MOV, MKV, WMV, FLV, 3GP, M4V',
  mkv: 'MP4, AVI, MOV, WEBM, WMV, FLV, 3GP, M4V',
  mp3: 'WAV, FLAC, AAC, OGG, M4A, WMA, AIFF, AMR',
  wav: 'MP3, FLAC, AAC, OGG, M4A, WMA, AIFF, AMR',
  flac: 'MP3, WAV, AAC, OGG, M4A, WMA, AIFF, AMR',
  aac: 'MP3, WAV, FLAC, OGG, M4A, WMA, AIFF, AMR',
  ogg: 'MP3, WAV, FLAC, AAC, M4A, WMA, AIFF, AMR',
};

const specMaxSize: Record<string, string> = {
  png: '50MB',
  jpeg: '50MB',
  webp: '50MB',
  gif: '50MB',
  bmp: '50MB',
  tga: '50MB',
  tiff: '25MB',
  exr: '200MB',
  heif: '25MB',
  ico: '10MB',
  psd: '100MB',
  mp4: '200MB',
  avi: '200MB',
  mov: '200MB',
  webm: '200MB',
  mkv: '1GB',
  mp3: '200MB',
  wav: '200MB',
  aac: '200MB',
  ogg: '200MB',
  flac: '100MB',
};

const lower = (list: string) => list.split(', ').map((f) => f.toLowerCase());

describe('converter output matrix', () => {
  it('has exactly the spec pages', () => {
    expect(converterPages.map((p) => p.id).sort()).toEqual(Object.keys(specOutputs).sort());
  });

  it.each(Object.entries(specOutputs))('%s converts to exactly: %s', (id, outputs) => {
    const page = converterById(id);
    expect(page?.outputs).toEqual(lower(outputs));
    // The dropdown's default is the first output format.
    expect(page?.outputs[0]).toBe(lower(outputs)[0]);
  });

  it.each(Object.entries(specMaxSize))('%s accepts files up to %s', (id, size) => {
    const page = converterById(id);
    expect(page?.maxSize).toBe(size);
    expect(parseSizeText(page?.maxSize ?? '')).toBe(parseSizeText(size));
  });

  it('never offers the input format as an output', () => {
    for (const page of converterPages) {
      for (const input of page.inputs) {
        // JPEG pages accept .jpg too and the spec's JPEG list has neither; same for TIFF/TIF and HEIF/HEIC.
        expect(page.outputs).not.toContain(input);
      }
    }
  });

  it('accepts the alternative extensions the spec names (JPEG/JPG, TIFF/TIF, HEIF/HEIC)', () => {
    expect(converterById('jpeg')?.inputs).toEqual(['jpg', 'jpeg']);
    expect(converterById('tiff')?.inputs).toEqual(['tiff', 'tif']);
    expect(converterById('heif')?.inputs).toEqual(['heif', 'heic']);
  });

  it('builds the picker accept list from extensions and MIME types, the own format first', () => {
    const png = converterById('png');
    expect(png && acceptedFileTypes(png)).toMatch(/^\.png,image\/png,\.jpg,image\/jpeg,\.jpeg,\.webp,/);
    const jpeg = converterById('jpeg');
    expect(jpeg && acceptedFileTypes(jpeg)).toMatch(/^\.jpg,image\/jpeg,\.jpeg,\.png,image\/png,/);
  });

  it('takes any file of its kind on every page, and names the page for a file of another kind', () => {
    for (const page of converterPages) {
      expect(readableInputs(page).slice(0, page.inputs.length)).toEqual(page.inputs);
      expect(readableInputs(page)).toContain(
        page.kind === 'image' ? 'gif' : page.kind === 'video' ? 'wmv' : 'amr',
      );
      expect(readableInputs(page)).not.toContain(page.kind === 'audio' ? 'mp4' : 'mp3');
    }
    expect(converterPageFor('mp4')?.id).toBe('mp4');
    expect(converterPageFor('wmv')).toMatchObject({ kind: 'video', id: 'mp4' });
    expect(converterPageFor('heic')?.id).toBe('heif');
    expect(converterPageFor('m4a')).toMatchObject({ kind: 'audio' });
    expect(converterPageFor('pdf')).toBeUndefined();
  });
});
