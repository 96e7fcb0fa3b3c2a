// Transcripts from caption text: rolling automatic captions once each, sentences by punctuation
// or pause, and the three text forms.
import { describe, expect, it } from 'vitest';
import { parseCues, renderTranscript, transcriptSegments } from './transcript';

const srt =
  '1\n00:00:01,000 --> 00:00:02,500\n<i>First</i> line\n\n2\n00:00:06,000 --> 00:00:07,000\nafter a pause\n';

describe('transcripts', () => {
  it('reads SubRip and WebVTT cues without tags', () => {
    expect(parseCues(srt)).toEqual([
      { start: 1, end: 2.5, lines: ['First line'] },
      { start: 6, end: 7, lines: ['after a pause'] },
    ]);
    expect(parseCues('WEBVTT\n\n01:00:00.500 --> 01:00:01.000\n<v Anna>Hi &lt;3</v>\n')).toEqual([
      { start: 3600.5, end: 3601, lines: ['Hi <3'] },
    ]);
  });

  it('a pause ends a sentence without punctuation', () => {
    expect(transcriptSegments(srt).map((s) => s.text)).toEqual(['First line', 'after a pause']);
  });

  it('renders Markdown with hours when the video has them', () => {
    const vtt = 'WEBVTT\n\n01:02:03.000 --> 01:02:04.000\nLate words.\n';
    expect(renderTranscript('markdown', vtt)).toBe('**[1:02:03]** Late words.\n');
    expect(renderTranscript('text', vtt, { title: 'T' })).toBe('Late words.\n');
  });
});
