// The URL rows of the downloader card: add (+) only on the last row,
// remove (-) only with more than one row and never on the last row, and the live check against
// the page's platform. Pure functions, so the rules are unit-tested without a browser.
import { isPlaylistLink, linkBelongsTo, type Platform, type TestHosts } from '@grabbit/catalog';
import { randomId } from '../../../lib/random-id';

export interface UrlRow {
  id: string;
  value: string;
  isPlaylist: boolean;
  error?: string;
}

function newRowId(): string {
  return randomId();
}

export function emptyRow(id: string = newRowId()): UrlRow {
  return { id, value: '', isPlaylist: false };
}

function unsupportedMessage(page?: Pick<Platform, 'name'>): string {
  return `This URL is not supported on the ${page?.name ?? 'current'} downloader`;
}

/** The live check of one row's text against the page (an empty row has no error). */
export function checkRow(
  row: UrlRow,
  value: string,
  page: Platform | undefined,
  testHosts: TestHosts,
): UrlRow {
  const text = value.trim();
  if (!text) return { id: row.id, value, isPlaylist: false };
  const belongs = page !== undefined && linkBelongsTo(text, page.id, testHosts);
  const isPlaylist = belongs && isPlaylistLink(text, testHosts);
  return belongs
    ? { id: row.id, value, isPlaylist }
    : { id: row.id, value, isPlaylist, error: unsupportedMessage(page) };
}

export function canAddRow(rows: readonly UrlRow[], index: number): boolean {
  return index === rows.length - 1;
}

export function canRemoveRow(rows: readonly UrlRow[], index: number): boolean {
  return rows.length > 1 && index !== rows.length - 1;
}

export function addRow(rows: readonly UrlRow[], id: string = newRowId()): UrlRow[] {
  return [...rows, emptyRow(id)];
}

export function removeRow(rows: readonly UrlRow[], id: string): UrlRow[] {
  const index = rows.findIndex((row) => row.id === id);
  if (index < 0 || !canRemoveRow(rows, index)) return [...rows];
  return rows.filter((row) => row.id !== id);
}

export function updateRow(
  rows: readonly UrlRow[],
  id: string,
  value: string,
  page: Platform | undefined,
  testHosts: TestHosts,
): UrlRow[] {
  return rows.map((row) => (row.id === id ? checkRow(row, value, page, testHosts) : row));
}

/** Rows the main flow handles: non-empty, no error, passing the page check; in their order. */
export function validRows(
  rows: readonly UrlRow[],
  page: Platform | undefined,
  testHosts: TestHosts,
): UrlRow[] {
  if (!page) return [];
  return rows.filter((row) => {
    const text = row.value.trim();
    return text !== '' && row.error === undefined && linkBelongsTo(text, page.id, testHosts);
  });
}
