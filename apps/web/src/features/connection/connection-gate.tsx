// The startup screen: pages render at once (they are prerendered), a small status
// shows 'Testing available connections...' while the backend is detected, the Connection Error
// screen replaces the page when it cannot be reached, and a badge in the footer shows the chosen
// connection type.
import { Loader2, ServerCrash, ShieldCheck, Wifi } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useConnection } from '../../lib/connection';

const typeLabel = { https: 'Secure connection (HTTPS)', http: 'HTTP connection' } as const;

function ConnectionErrorScreen({ message }: { message: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div
        role="alert"
        className="w-full max-w-md rounded-lg border border-red-200 bg-white p-8 text-center shadow-sm"
      >
        <ServerCrash className="mx-auto mb-4 size-12 text-red-700" aria-hidden />
        <h1 className="mb-2 text-2xl font-bold text-slate-900">Connection Error</h1>
        <p className="mb-6 text-slate-700">{message}</p>
        <Button onClick={() => window.location.reload()}>Retry Connection</Button>
      </div>
    </main>
  );
}

export function ConnectionGate({ children }: { children: ReactNode }) {
  const state = useConnection();
  if (state.status === 'error') return <ConnectionErrorScreen message={state.message} />;
  return (
    <>
      {children}
      {state.status === 'detecting' && (
        <div
          role="status"
          className="fixed right-4 bottom-4 z-40 flex items-center gap-2 rounded-md bg-white px-4 py-2 text-sm text-slate-800 shadow-lg ring-1 ring-slate-200"
        >
          <Loader2 className="size-4 animate-spin" aria-hidden />
          <span>
            <span className="font-medium">Connecting to the server.</span> Testing available connections...
          </span>
        </div>
      )}
    </>
  );
}

/**
 * The chosen connection type, in the page's footer: in the flow of the page, it never covers a
 * control (a badge pinned to a corner of a phone's screen sat over whatever scrolled under it).
 */
export function ConnectionBadge() {
  const state = useConnection();
  if (state.status !== 'ready') return null;
  return (
    <Badge variant="success" data-testid="connection-badge" data-api={state.result.bestApiUrl}>
      {state.result.connectionType === 'https' ? (
        <ShieldCheck className="size-3" aria-hidden />
      ) : (
        <Wifi className="size-3" aria-hidden />
      )}
      {typeLabel[state.result.connectionType]}
    </Badge>
  );
}
