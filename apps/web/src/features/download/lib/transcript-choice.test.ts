import { describe, expect, it } from 'vitest';
import { transcriptFormats, transcriptLanguages } from './transcript-choice';

describe('transcript choices', () => {
  it('offers every transcript form the API saves', () => {
    expect(transcriptFormats.map((f) => f.value)).toEqual(['txt', 'md', 'srt', 'vtt', 'json']);
  });

  it('lists the subtitles, then automatic captions in languages the subtitles lack', () => {
    const languages = transcriptLanguages({
      subtitles: [
        { language: 'en', name: 'English' },
        { language: 'fr', name: null },
      ],
      automaticCaptions: [
        { language: 'en-orig', name: 'English (Original)' },
        { language: 'en', name: 'English' },
      ],
    });
    expect(languages).toEqual([
      { language: 'en', label: 'English (en)' },
      { language: 'fr', label: 'fr' },
      { language: 'en-orig', label: 'English (Original) (en-orig), automatic captions' },
    ]);
  });

  it('has nothing to offer for a video without subtitles or captions', () => {
    expect(transcriptLanguages({ subtitles: [], automaticCaptions: [] })).toEqual([]);
  });
});
