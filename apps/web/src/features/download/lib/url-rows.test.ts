import { platformById, type Platform } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import {
  addRow,
  canAddRow,
  canRemoveRow,
  checkRow,
  emptyRow,
  linksToCheck,
  removeRow,
  spreadRow,
  updateRow,
  validRows,
  withVerdict,
  type UrlRow,
} from './url-rows';
import { linksIn } from './shared-link';

const youtube = platformById('youtube') as Platform;
const rows = (...values: string[]): UrlRow[] =>
  values.map((value, i) => checkRow(emptyRow(`r${i}`), value, youtube, []));

describe('url rows', () => {
  it('shows + on the last row only', () => {
    const three = rows('', '', '');
    expect(three.map((_, i) => canAddRow(three, i))).toEqual([false, false, true]);
  });

  it('shows - only with more than one row, never on the last row', () => {
    expect(canRemoveRow(rows(''), 0)).toBe(false);
    const three = rows('', '', '');
    expect(three.map((_, i) => canRemoveRow(three, i))).toEqual([true, true, false]);
  });

  it('adds an empty row at the end and never removes the last row', () => {
    const two = addRow(rows('a'), 'new');
    expect(two.map((r) => r.id)).toEqual(['r0', 'new']);
    expect(removeRow(two, 'new').map((r) => r.id)).toEqual(['r0', 'new']);
    expect(removeRow(two, 'r0').map((r) => r.id)).toEqual(['new']);
  });

  it('checks each row live against the page', () => {
    const [good, other, empty] = rows('https://youtu.be/abc', 'https://example.com/1', '   ');
    expect(good?.error).toBeUndefined();
    expect(other?.error).toBe('This URL is not supported on the YouTube downloader');
    expect(empty?.error).toBeUndefined();
    expect(checkRow(emptyRow('x'), 'https://example.com/abc', undefined, []).error).toBe(
      'This URL is not supported on the current downloader',
    );
  });

  it('flags YouTube playlists on the row', () => {
    const [list] = rows('https://www.youtube.com/watch?v=a&list=PL_ab-12');
    expect(list?.isPlaylist).toBe(true);
  });

  it('keeps only non-empty, error-free rows of the page, in order', () => {
    const mixed = rows('https://vimeo.com/1', 'https://youtu.be/b', '', 'https://m.youtube.com/watch?v=c');
    expect(validRows(mixed, youtube, []).map((r) => r.value)).toEqual([
      'https://youtu.be/b',
      'https://m.youtube.com/watch?v=c',
    ]);
    expect(validRows(rows(''), youtube, [])).toEqual([]);
  });

  it('accepts test-host links only when the server lists the test host', () => {
    const link = 'http://127.0.0.1:4000/video.mp4';
    expect(updateRow(rows(''), 'r0', link, youtube, [])[0]?.error).toBeDefined();
    expect(updateRow(rows(''), 'r0', link, youtube, ['127.0.0.1:4000'])[0]?.error).toBeUndefined();
  });

  it('splits pasted text into links at spaces, commas and line breaks', () => {
    expect(linksIn(' https://youtu.be/a,https://youtu.be/b\n\nhttps://youtu.be/c  ')).toEqual([
      'https://youtu.be/a',
      'https://youtu.be/b',
      'https://youtu.be/c',
    ]);
    expect(linksIn('https://youtu.be/a')).toEqual(['https://youtu.be/a']);
  });

  it('puts pasted links in one row each, in place of the row pasted into', () => {
    let n = 0;
    const spread = spreadRow(rows('x', '', 'z'), 'r1', ['a', 'b'], () => `new${(n += 1)}`);
    expect(spread.map((row) => [row.id, row.value])).toEqual([
      ['r0', 'x'],
      ['r1', 'a'],
      ['new1', 'b'],
      ['r2', 'z'],
    ]);
  });

  it("names another supported site's page and carries the link over", () => {
    const [row] = rows('https://vimeo.com/123');
    expect(row?.error).toBe('This URL is not supported on the YouTube downloader: it is a Vimeo link.');
    expect(row?.elsewhere).toEqual({
      name: 'Vimeo',
      path: `/vimeo-downloader?url=${encodeURIComponent('https://vimeo.com/123')}`,
    });
    expect(rows('https://example.com/a')[0]?.elsewhere).toBeUndefined();
  });

  it("shows the server's refusal on the row; the page's own message comes first", () => {
    const [twitch, other, empty] = rows('https://youtu.be/live', 'https://vimeo.com/1', '');
    expect(linksToCheck([twitch, other, empty] as UrlRow[])).toEqual(['https://youtu.be/live']);
    const refusal = { valid: false, message: 'Live streams are not supported' };
    expect(withVerdict(twitch as UrlRow, refusal).error).toBe('Live streams are not supported');
    expect(withVerdict(twitch as UrlRow, { valid: true, message: 'ok' }).error).toBeUndefined();
    expect(withVerdict(twitch as UrlRow, undefined)).toBe(twitch);
    expect(withVerdict(other as UrlRow, refusal).error).toMatch(/it is a Vimeo link/);
    expect(validRows([withVerdict(twitch as UrlRow, refusal)], youtube, [])).toEqual([]);
  });
});
