// The connection to the API: which endpoint answers (detection, ranking, health), and the public config.
export { getConnection, type ConnectionState } from './connection-store';
export { usePublicConfig, usePublicConfigQuery, type PublicConfig } from './public-config';
export type { ConnectionResult, ConnectionType, ProbeResult } from './ranking';
export { useConnection } from './use-connection';
