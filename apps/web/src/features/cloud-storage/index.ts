// Public face of the cloud-storage feature for the downloader.
import { usePublicConfig } from '../../lib/connection';

export { deleteFromCloud, downloadAndUpload, freshCloudLink } from './api/cloud-storage-api';
export { CloudStorageOptions } from './components/cloud-storage-options';
export { defaultCloudChoice, type CloudChoice } from './lib/cloud-choice';

/** Whether the server offers cloud storage (GET /api/config features). */
export function useCloudStorageEnabled(): boolean {
  return usePublicConfig().data?.features.cloudStorage === true;
}
