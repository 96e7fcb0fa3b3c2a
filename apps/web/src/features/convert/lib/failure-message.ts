// The message a failed conversion shows: the answer's `Error`, else its `error`,
// else the transport error's message, else a fixed fallback.
export const unknownErrorMessage = 'An unknown error occurred';

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function failureMessage(body: unknown, transportMessage?: string): string {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return (
    nonEmptyText(record.Error) ??
    nonEmptyText(record.error) ??
    nonEmptyText(transportMessage) ??
    unknownErrorMessage
  );
}

/** Reads a JSON error answer; anything that is not JSON gives undefined. */
export function parseErrorBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
