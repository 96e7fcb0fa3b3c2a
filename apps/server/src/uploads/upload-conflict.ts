// A refusal that tells where the upload stands: a chunk sent at the wrong offset, or one that lost
// the race to another writer. The tus edge answers it with Upload-Offset, so the client resumes
// from there without another HEAD.
import type { ErrorCode } from '@grabbit/contracts';
import { AppError } from '../core/app-error';

export class UploadConflict extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    /** Bytes of the upload stored so far. */
    readonly offset: number,
  ) {
    super(code, message);
    this.name = 'UploadConflict';
  }
}
