// Public face of the connection feature for the other features.
export { detectConnection, getConnection, type ConnectionState } from './connection-store';
export { loadPublicConfig, usePublicConfig, type PublicConfig } from './public-config';
export type { ConnectionResult, ConnectionType, ProbeResult } from './ranking';
export { useApiEndpoints, useConnection } from './use-connection';
