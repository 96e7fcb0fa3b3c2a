// React view of the connection state; starts detection on first use in the browser.
import { useEffect, useSyncExternalStore } from 'react';
import {
  connectionSnapshot,
  detectConnection,
  serverConnectionSnapshot,
  subscribeConnection,
  type ConnectionState,
} from './connection-store';

export function useConnection(): ConnectionState {
  const state = useSyncExternalStore(subscribeConnection, connectionSnapshot, serverConnectionSnapshot);
  useEffect(() => {
    // Errors are published as state; nothing to handle here.
    detectConnection().catch(() => undefined);
  }, []);
  return state;
}
