// Size limits are written as text ("50MB", "1GB", "512KB"). Units are binary (1024).
const unitBytes = { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 } as const;

/**
 * Parses a size text into bytes. GB means 1024^3 and KB 1024; anything else (MB or no unit) is
 * read as megabytes (the pages write sizes that way).
 */
export function parseSizeText(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([KMG]B)?\s*$/i.exec(text);
  if (!match) throw new Error(`Not a size: "${text}"`);
  const value = Number(match[1]);
  const unit = (match[2]?.toUpperCase() ?? 'MB') as keyof typeof unitBytes;
  return Math.round(value * unitBytes[unit]);
}

/**
 * Bytes as a visitor reads them: MB to one decimal place, KB to one decimal place below 0.1 MB,
 * and bytes below 1 KB (never "0.0 MB" or "0 KB").
 */
export function formatMegabytes(bytes: number): string {
  if (bytes < 1024) return countOf(Math.round(bytes), 'byte');
  if (bytes < 0.1 * 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/** A count with its noun: "1 file", "3 files" (nouns made plural with an s). */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
