// The fallback error page: 'Unexpected Application Error!' with the status text or message. An error
// boundary around each page shows it instead of a blank screen when rendering fails.
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** The status text (for HTTP-like errors) or the message of whatever was thrown. */
export function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'status' in error && 'statusText' in error) {
    return `${String(error.status)} ${String(error.statusText)}`.trim();
  }
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

export function ErrorPage({ error }: { error: unknown }) {
  return (
    <div role="alert" className="mx-auto max-w-lg p-8 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <p className="mt-3 text-slate-700">{errorText(error)}</p>
      <a href="/" className="mt-6 inline-block text-indigo-700 underline">
        Return to Home
      </a>
    </div>
  );
}

interface BoundaryState {
  error?: unknown;
}

/** Catches render errors below it; give it a `key` that changes on navigation to reset it. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = {};

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <ErrorPage error={this.state.error} />;
  }
}
