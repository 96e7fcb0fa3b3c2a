import { describe, expect, it } from 'vitest';
import { choiceFields, clipSeconds, formatDuration, noChoice, qualityFor, trimError } from './clip-choice';

describe('preview choices', () => {
  it('keeps a height for video formats and a bit rate for audio ones', () => {
    expect(qualityFor('720p', 'mp4')).toBe('720p');
    expect(qualityFor('720p', 'mp3')).toBe('best');
    expect(qualityFor('128k', 'mp3')).toBe('128k');
    expect(qualityFor('128k', 'webm')).toBe('best');
  });

  it('turns a trim and subtitles into request fields', () => {
    expect(choiceFields({ ...noChoice, quality: '360p', start: '2', end: '4' }, 'mp4')).toEqual({
      format: 'mp4',
      quality: '360p',
      startTime: 2,
      endTime: 4,
    });
    expect(choiceFields({ ...noChoice, start: '0', subtitles: 'en' }, 'mkv')).toEqual({
      format: 'mkv',
      quality: 'best',
      subtitles: 'en',
    });
  });

  it('asks for a transcript in its own format and language, instead of the video', () => {
    const transcript = { ...noChoice, transcript: 'md' as const, transcriptLanguage: 'en-orig' };
    expect(choiceFields({ ...transcript, subtitles: 'de', start: '3', quality: '720p' }, 'mp4')).toEqual({
      format: 'md',
      quality: 'best',
      subtitles: 'en-orig',
    });
    // No language (none offered): the video, as chosen.
    expect(choiceFields({ ...noChoice, transcript: 'txt' }, 'mp4').format).toBe('mp4');
  });

  it('splits at the chapters without a trim', () => {
    expect(choiceFields({ ...noChoice, splitChapters: true, start: '2', end: '4' }, 'mkv')).toEqual({
      format: 'mkv',
      quality: 'best',
      splitChapters: true,
    });
    expect(choiceFields(noChoice, 'mkv')).not.toHaveProperty('splitChapters');
  });

  it('sends a target size for formats with a bit rate only', () => {
    expect(choiceFields({ ...noChoice, targetSize: '8' }, 'mp4').targetSizeMB).toBe(8);
    expect(choiceFields({ ...noChoice, targetSize: '1.5' }, 'mp3').targetSizeMB).toBe(1.5);
    expect(choiceFields({ ...noChoice, targetSize: '8' }, 'flac').targetSizeMB).toBeUndefined();
    expect(choiceFields({ ...noChoice, targetSize: '' }, 'mp4').targetSizeMB).toBeUndefined();
  });

  it('sends tags: false only when the visitor leaves the tags out', () => {
    expect(choiceFields({ ...noChoice, noTags: true }, 'mp3').tags).toBe(false);
    expect(choiceFields(noChoice, 'mp3')).not.toHaveProperty('tags');
  });

  it('sends SponsorBlock only when asked, and never with a target size (the file keeps its length)', () => {
    expect(choiceFields({ ...noChoice, sponsorBlock: 'remove' }, 'mp4').sponsorBlock).toBe('remove');
    expect(choiceFields({ ...noChoice, sponsorBlock: 'chapters' }, 'mp3').sponsorBlock).toBe('chapters');
    expect(choiceFields(noChoice, 'mp4')).not.toHaveProperty('sponsorBlock');
    expect(choiceFields({ ...noChoice, sponsorBlock: 'remove', targetSize: '8' }, 'mp4')).not.toHaveProperty(
      'sponsorBlock',
    );
  });

  it('asks for the picture alone as the thumbnail format', () => {
    expect(choiceFields({ ...noChoice, pictureOnly: true, quality: '720p', start: '2' }, 'mp4')).toEqual({
      format: 'thumbnail',
      quality: 'best',
    });
  });

  it('explains a trim that cannot work and reads out the clip length', () => {
    expect(trimError({ start: '4', end: '2' }, 10)).toBe('The end must be after the start.');
    expect(trimError({ start: '12', end: '' }, 10)).toBe('The video is 10 s long.');
    expect(trimError({ start: '2', end: '4' }, 10)).toBeUndefined();
    expect(clipSeconds({ start: '2', end: '' }, 10)).toBe(8);
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
