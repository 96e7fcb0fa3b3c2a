// A tus PATCH whose body the test sends piece by piece (node:http, with its Content-Length), so a
// chunk can be held open while other requests race it.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface HeldChunk {
  /** Sends `bytes` more bytes of the body, each `fill`. */
  send(bytes: number): void;
  /** Sends the rest of the body. */
  end(): void;
  answer: Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>;
}

/** Starts a PATCH of `length` bytes at `offset`; nothing of the body is sent yet. */
export function heldChunk(
  url: string,
  headers: Record<string, string>,
  offset: number,
  length: number,
  fill: number,
): HeldChunk {
  let sent = 0;
  const request = httpRequest(url, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(length),
      ...headers,
    },
  });
  const answer = new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.on('data', (piece: Buffer) => (body += piece.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      });
      request.on('error', reject);
    },
  );
  // A test that fails before awaiting the answer must not leave its rejection unhandled.
  answer.catch(() => undefined);
  request.flushHeaders();
  const send = (bytes: number) => {
    const piece = Math.min(bytes, length - sent);
    sent += piece;
    request.write(Buffer.alloc(piece, fill));
  };
  return {
    send,
    end() {
      send(length - sent);
      request.end();
    },
    answer,
  };
}
