// The page's one hub connection, shared by the downloader and converter pages; its address comes
// from connection detection.
import { getConnection } from './connection';
import { HubClient } from './hub-client';

let hub: HubClient | undefined;

export function downloadsHub(): HubClient {
  hub ??= new HubClient({ resolveUrl: async () => (await getConnection()).hubUrl });
  return hub;
}
