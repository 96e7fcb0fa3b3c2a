import { apiRoutes } from '@grabbit/contracts/api-paths';
import { describe, expect, it } from 'vitest';
import { conversionEndpoint, conversionPath, inBatch } from './conversion-endpoint';

describe('conversion endpoint', () => {
  it('follows the MIME type first', () => {
    expect(conversionEndpoint({ name: 'a.bin', type: 'image/png' })).toBe('image');
    expect(conversionEndpoint({ name: 'a.bin', type: 'audio/mpeg' })).toBe('audio-general');
    expect(conversionEndpoint({ name: 'a.png', type: 'video/mp4' })).toBe('video');
  });

  it('falls back to the extension when the MIME type says nothing', () => {
    expect(conversionEndpoint({ name: 'scene.EXR', type: '' })).toBe('image');
    expect(conversionEndpoint({ name: 'photo.heic', type: 'application/octet-stream' })).toBe('image');
    expect(conversionEndpoint({ name: 'voice.amr', type: '' })).toBe('audio-general');
    expect(conversionEndpoint({ name: 'song.wma', type: '' })).toBe('audio-general');
  });

  it('defaults to video', () => {
    expect(conversionEndpoint({ name: 'movie.mkv', type: '' })).toBe('video');
    expect(conversionEndpoint({ name: 'mystery', type: '' })).toBe('video');
    expect(conversionPath({ name: 'x.tga', type: '' })).toBe(apiRoutes.convertImage);
  });
});

describe('batch addresses', () => {
  it('names the press of Convert in the query, or nothing without one', () => {
    expect(inBatch('/api/uploads', 'press 1')).toBe('/api/uploads?batch=press%201');
    expect(inBatch('/api/uploads', undefined)).toBe('/api/uploads');
  });
});
