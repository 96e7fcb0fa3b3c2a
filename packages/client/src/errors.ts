// An answer the server refused, with its stable code (the API's error table) and HTTP status.

export class GrabbitError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'GrabbitError';
  }

  /** From a refused answer and its parsed body (`{ code, error }` on every error of the API). */
  static from(response: Response, body: unknown): GrabbitError {
    const fields = typeof body === 'object' && body !== null ? Object.entries(body) : [];
    const text = (name: string) => {
      const value = fields.find(([key]) => key === name)?.[1];
      return typeof value === 'string' ? value : undefined;
    };
    return new GrabbitError(
      response.status,
      text('code') ?? `HTTP_${response.status}`,
      text('error') ?? text('message') ?? response.statusText,
    );
  }
}
