// Gives the page its state (live or not, the public configuration) in one deferred render.
//
// Both change once, soon after the page is shown, and both come from external stores that React
// renders synchronously: read by each component, each change rendered the whole tool page again in
// one task that could not yield (one long task on a phone, twice). Read here, only this
// provider renders synchronously (its children are the same elements, so React skips them); the
// deferred value then reaches the components in a background render that yields to the browser.
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { usePublicConfigQuery } from '../lib/connection';
import { PageStateContext, type PageState } from '../lib/page-state-context';
import { useLiveSwitch } from '../lib/use-hydrated';

export function PageStateProvider({ children }: { children: ReactNode }) {
  const hydrated = useLiveSwitch();
  const config = usePublicConfigQuery();
  const state = useMemo<PageState>(
    () => ({ hydrated, config: hydrated ? config : undefined }),
    [hydrated, config],
  );
  return <PageStateContext value={useDeferredValue(state)}>{children}</PageStateContext>;
}
