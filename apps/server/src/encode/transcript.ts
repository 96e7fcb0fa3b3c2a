// A video's subtitles or automatic captions (WebVTT, as yt-dlp saves them) as a transcript: plain
// text, Markdown with timestamps, or JSON. Automatic captions roll: each cue repeats the line
// before it and adds a few words, with word timings in tags. The cues are read without their
// tags, every line already given is dropped, and what is left is joined into sentences. Pure.

export type TranscriptForm = 'text' | 'markdown' | 'json';

interface TranscriptSegment {
  /** Seconds. */
  start: number;
  end: number;
  text: string;
}

interface Cue {
  start: number;
  end: number;
  lines: string[];
}

const timing = /^((?:\d+:)?\d{1,2}:\d{2}[.,]\d{3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}[.,]\d{3})/;

function seconds(stamp: string): number {
  const parts = stamp.replace(',', '.').split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: ' ', quot: '"', apos: "'" };

/** A cue line as read: no tags (word timings, voices, styles), entities decoded, spaces folded. */
function plainLine(line: string): string {
  return line
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp|quot|apos);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The cues of a WebVTT (or SubRip) text, in file order. */
export function parseCues(text: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const at = lines.findIndex((line) => timing.test(line));
    const match = at >= 0 ? timing.exec(lines[at] ?? '') : null;
    if (!match?.[1] || !match[2]) continue;
    const body = lines
      .slice(at + 1)
      .map(plainLine)
      .filter(Boolean);
    if (body.length) cues.push({ start: seconds(match[1]), end: seconds(match[2]), lines: body });
  }
  return cues;
}

/** Each line once: a line equal to one of the last few given (rolling captions) is left out. */
function newLines(cues: Cue[]): TranscriptSegment[] {
  const recent: string[] = [];
  const segments: TranscriptSegment[] = [];
  for (const cue of cues) {
    for (const line of cue.lines) {
      if (recent.includes(line)) continue;
      recent.push(line);
      if (recent.length > 3) recent.shift();
      segments.push({ start: cue.start, end: cue.end, text: line });
    }
  }
  return segments;
}

const sentenceEnd = /[.!?…。！？]["'’”)\]]*$/;
/** A pause this long ends a sentence even without punctuation (automatic captions have none). */
const pauseSeconds = 2;
const longestSentence = 400;

/** The transcript as sentences, each with the time of its first and last words. */
export function transcriptSegments(text: string): TranscriptSegment[] {
  const sentences: TranscriptSegment[] = [];
  let current: TranscriptSegment | undefined;
  for (const piece of newLines(parseCues(text))) {
    if (current && piece.start - current.end > pauseSeconds) {
      sentences.push(current);
      current = undefined;
    }
    current = current
      ? { ...current, end: Math.max(current.end, piece.end), text: `${current.text} ${piece.text}` }
      : { ...piece };
    if (sentenceEnd.test(current.text) || current.text.length > longestSentence) {
      sentences.push(current);
      current = undefined;
    }
  }
  if (current) sentences.push(current);
  return sentences;
}

/** `1:02:03` or `02:03`. */
function clock(time: number): string {
  const whole = Math.floor(time);
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

interface TranscriptSource {
  title?: string;
  language?: string;
}

/** The transcript in the asked form. */
export function renderTranscript(form: TranscriptForm, vtt: string, source: TranscriptSource = {}): string {
  const segments = transcriptSegments(vtt);
  if (form === 'json') {
    const rounded = segments.map((s) => ({
      ...s,
      start: Math.round(s.start * 1000) / 1000,
      end: Math.round(s.end * 1000) / 1000,
    }));
    return `${JSON.stringify({ title: source.title ?? null, language: source.language ?? null, segments: rounded }, null, 2)}\n`;
  }
  if (form === 'markdown') {
    const heading = source.title ? `# ${source.title}\n\n` : '';
    return `${heading}${segments.map((s) => `**[${clock(s.start)}]** ${s.text}`).join('\n\n')}\n`;
  }
  return `${segments.map((s) => s.text).join('\n')}\n`;
}
