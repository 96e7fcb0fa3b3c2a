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

/** The detected API base (`{origin}/api`) and hub URL, or undefined while detecting. */
export function useApiEndpoints(): { apiBase: string; hubUrl: string } | undefined {
  const state = useConnection();
  if (state.status !== 'ready') return undefined;
  return { apiBase: state.result.bestApiUrl, hubUrl: state.result.bestSignalRUrl };
}
