// The URL rows of the downloader card: add (+) only on the last row,
// remove (-) only with more than one row and never on the last row, and the live check against
// the page's platform. Pure functions, so the rules are unit-tested without a browser.
import {
  isPlaylistLink,
  linkBelongsTo,
  platformForLink,
  type Platform,
  type TestHosts,
} from '@grabbit/catalog';
import { randomId } from '../../../lib/random-id';

export interface UrlRow {
  id: string;
  value: string;
  isPlaylist: boolean;
  error?: string;
  /** The downloader page a link of another supported site belongs to, with the link filled in. */
  elsewhere?: { name: string; path: string };
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
  if (belongs) return { id: row.id, value, isPlaylist };
  const owner = platformForLink(text);
  if (!owner || owner.id === page?.id)
    return { id: row.id, value, isPlaylist, error: unsupportedMessage(page) };
  return {
    id: row.id,
    value,
    isPlaylist,
    error: `${unsupportedMessage(page)}: it is a ${owner.name} link.`,
    elsewhere: { name: owner.name, path: `${owner.route}?url=${encodeURIComponent(text)}` },
  };
}

/** The server's answer about a row's link (POST /api/validate/url). */
export interface LinkVerdict {
  valid: boolean;
  message: string;
}

/**
 * A row with the server's refusal of its link as its error (the page's own check, run first,
 * keeps its own message and its link to another page).
 */
export function withVerdict(row: UrlRow, verdict: LinkVerdict | undefined): UrlRow {
  if (row.error || !verdict || verdict.valid) return row;
  return { ...row, error: verdict.message };
}

/** The rows' links the page's own check passed, trimmed: the ones worth asking the server about. */
export function linksToCheck(rows: readonly UrlRow[]): string[] {
  return rows.flatMap((row) => (row.error || !row.value.trim() ? [] : [row.value.trim()]));
}

/** The rows once `links` took the place of row `id`: the first keeps the row, each other gets a new row after it. */
export function spreadRow(
  rows: readonly UrlRow[],
  id: string,
  links: readonly string[],
  makeId: () => string = newRowId,
): UrlRow[] {
  return rows.flatMap((row) =>
    row.id === id
      ? links.map((value, index) => ({ ...emptyRow(index === 0 ? row.id : makeId()), value }))
      : [row],
  );
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
