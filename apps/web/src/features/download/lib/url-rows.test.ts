import { platformById, type Platform } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import {
  addRow,
  canAddRow,
  canRemoveRow,
  checkRow,
  emptyRow,
  removeRow,
  updateRow,
  validRows,
  type UrlRow,
} from './url-rows';

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
    const [good, other, empty] = rows('https://youtu.be/abc', 'https://vimeo.com/1', '   ');
    expect(good?.error).toBeUndefined();
    expect(other?.error).toBe('This URL is not supported on the YouTube downloader');
    expect(empty?.error).toBeUndefined();
    expect(checkRow(emptyRow('x'), 'https://youtu.be/abc', undefined, []).error).toBe(
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
});
