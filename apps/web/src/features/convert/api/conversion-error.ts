// A failed conversion, as the converter's calls report it to the page.
import type { RefusalHints } from '../../../lib/pacing';

/** A failed conversion, carrying the message the page shows. */
export class ConversionError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
    /** What the answer said about trying again (429). */
    readonly hints?: RefusalHints,
  ) {
    super(message);
    this.name = 'ConversionError';
  }
}
