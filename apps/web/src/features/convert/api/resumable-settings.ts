// When a file goes up as a resumable upload, and in what chunks: the server's settings, else the
// shipped ones. Apart from the upload itself (resumable-upload.ts), whose tus client is loaded only
// for a file that needs it.
import { resumableFromBytes } from '@grabbit/contracts/resumable-uploads';
import { loadPublicConfig } from '../../../lib/connection/public-config';

export interface ResumableSettings {
  chunkBytes: number;
  fromBytes: number;
}

/** The server's chunk size and threshold (GET /api/config), else the shipped ones. */
export async function resumableSettings(): Promise<ResumableSettings> {
  const config = await loadPublicConfig().catch(() => undefined);
  return config?.resumableUploads ?? { chunkBytes: 50 * 1024 ** 2, fromBytes: resumableFromBytes };
}
