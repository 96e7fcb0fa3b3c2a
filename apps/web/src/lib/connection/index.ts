// The connection to the API: which endpoint answers (detection, ranking, health), and the public config.
export { detectConnection, getConnection, type ConnectionState } from './connection-store';
export { loadPublicConfig, usePublicConfig, type PublicConfig } from './public-config';
export type { ConnectionResult, ConnectionType, ProbeResult } from './ranking';
export { useApiEndpoints, useConnection } from './use-connection';
