// The page-side cloud-storage calls, with each call's default failure message.
import type {
  CloudDeleteResponse,
  CloudFileLink,
  CloudStatusResponse,
  CloudStoreResponse,
} from '@grabbit/contracts';
import { apiPath, apiRoutes } from '@grabbit/contracts/api-paths';
import { apiRequest, ensureSuccess, resolveApiLink } from '../../../lib/api-client';
import type { CloudChoice } from '../lib/cloud-choice';

export interface KeepDownloadInput {
  platform: string;
  url: string;
  format: string;
  removeWatermark?: boolean;
}

/** Downloads the link on the server and keeps the file in cloud storage (answers when stored). */
export async function downloadAndUpload(
  input: KeepDownloadInput,
  choice: CloudChoice,
): Promise<CloudStoreResponse> {
  const body = {
    quality: 'best',
    removeWatermark: false,
    ...input,
    makePublic: choice.makePublic,
    retentionHours: choice.retentionHours,
    ...(choice.customKey.trim() ? { customKey: choice.customKey.trim() } : {}),
  };
  const answer = await apiRequest<CloudStoreResponse>(apiRoutes.cloudDownloadAndUpload, { body });
  const kept = ensureSuccess(answer, 'Cloud storage upload failed');
  // A link given as a path (the server knows no public address) is the API's, wherever it runs.
  return { ...kept, downloadUrl: await resolveApiLink(kept.downloadUrl) };
}

export async function deleteFromCloud(fileKey: string): Promise<CloudDeleteResponse> {
  const answer = await apiRequest<CloudDeleteResponse>(apiPath(apiRoutes.cloudDelete, { fileKey }), {
    method: 'DELETE',
    toastErrors: false,
  });
  return ensureSuccess(answer, 'Failed to delete file from cloud storage');
}

/** A fresh link to a kept file (a private link works for a limited time). */
export async function freshCloudLink(fileKey: string): Promise<CloudFileLink> {
  const answer = await apiRequest<CloudStatusResponse>(
    `${apiRoutes.cloudStatus}?fileKey=${encodeURIComponent(fileKey)}`,
    { toastErrors: false },
  );
  if (!answer.file) throw new Error('Failed to download file. The file may have expired.');
  return { ...answer.file, downloadUrl: await resolveApiLink(answer.file.downloadUrl) };
}
