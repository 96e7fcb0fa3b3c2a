// What one client may keep in cloud storage per day: CLOUD_MAX_FILES_PER_CLIENT files and
// CLOUD_MAX_BYTES_PER_CLIENT bytes in a 24-hour window that starts with its first stored file.
// Counted in memory for one node; in scaled mode in Redis, so every API node counts together.
import { AppError } from '../core/app-error';

export const dayMs = 24 * 3_600_000;

export interface QuotaLimits {
  files: number;
  bytes: number;
}

export interface ClientQuota {
  /** Counts one file of `bytes` for the client; throws CLOUD_QUOTA_EXCEEDED (counting nothing) when over. */
  spend(client: string, bytes: number): Promise<void>;
  /** Gives back what a store that failed had spent. */
  refund(client: string, bytes: number): Promise<void>;
}

export const quotaExceeded = () =>
  new AppError(
    'CLOUD_QUOTA_EXCEEDED',
    'You have kept as many files in cloud storage as one visitor may per day. Please try again tomorrow.',
  );
