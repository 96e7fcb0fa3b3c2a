// A part of a prerendered page made live after the rest. React hydrates what a Suspense boundary
// holds in a pass of its own, after the page around it and at a lower priority, so a long page
// becomes live in several short tasks instead of one long one that keeps a phone's browser from
// answering (the home page took one task of about 250 ms on a mid-range phone). Only for parts
// whose prerendered HTML works on its own (links and text): a click there before it is live
// follows the link, or makes React hydrate that part first.
import { Suspense, type ReactNode } from 'react';

export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
