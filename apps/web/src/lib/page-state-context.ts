// What a page learns once it runs in the browser: that it is live (hydrated) and the server's public
// configuration. Components read it from this context, which app/page-state-provider.tsx fills in
// one deferred render (see there why), not from stores of their own.
import type { PublicConfig } from '@grabbit/contracts';
import { createContext } from 'react';

export interface PageState {
  /** False on the server and while the prerendered page hydrates. */
  hydrated: boolean;
  /** Undefined until the page is hydrated and the configuration has arrived. */
  config: PublicConfig | undefined;
}

export const PageStateContext = createContext<PageState>({ hydrated: false, config: undefined });
