import { describe, expect, it } from 'vitest';
import { postItemFormat } from './post-item-format';

describe('post item format', () => {
  it("applies the visitor's format to videos and keeps a photo's own format", () => {
    expect(postItemFormat({ mediaType: 'video', suggestedFormat: 'mp4' }, 'mp3')).toBe('mp3');
    expect(postItemFormat({ mediaType: 'unknown', suggestedFormat: 'mp4' }, 'm4a')).toBe('m4a');
    expect(postItemFormat({ mediaType: 'image', suggestedFormat: 'png' }, 'mp3')).toBe('png');
  });
});
