// Server entry used by scripts/prerender.ts: renders one path to HTML with a static router, waiting
// for code-split pages so the HTML holds the whole page (readable without JavaScript).
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/routes';

async function renderOnce(path: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <Providers>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
    // Never split a boundary out into a script-revealed chunk: the HTML must read without JavaScript.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0)
    throw new Error(`Prerendering ${path} failed: ${String(errors[0])}`, { cause: errors[0] });
  return html;
}

/**
 * The page's HTML. A code-split page is still loading on its first render (React then writes the
 * fallback plus a script that swaps the page in); the second render finds it loaded and writes it
 * in place. Rejects when any part fails to render: a half-rendered page must fail the build.
 */
export async function renderPage(path: string): Promise<string> {
  const first = await renderOnce(path);
  return first.includes('<template id="B:') ? renderOnce(path) : first;
}
