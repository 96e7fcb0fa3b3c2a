// How large an upload may be and how its bytes are buffered on their way to the disk: shared by
// resumable uploads and the converter's multipart uploads alike.
import { AppError } from '../core/app-error';

/** The largest file accepted. */
export interface SizeLimit {
  bytes: number;
  /** As the catalog writes it ("50MB"), for messages. */
  text: string;
}

export function fileTooLarge(limitText: string): AppError {
  return new AppError('FILE_TOO_LARGE', `The file exceeds the maximum file size of ${limitText}.`);
}

/**
 * Buffering between the socket, the multipart parser and the disk. With the 16 KB defaults the
 * parser pauses the socket at every chunk and a 1 MB upload costs ~20 disk writes; 1 MB batches
 * them. Bounded per upload, so memory stays flat however large the file is.
 */
export const uploadBuffer = 1024 * 1024;
