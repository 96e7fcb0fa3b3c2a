// Browser entry: hydrates the prerendered page (or renders from scratch in development, where the
// root holds only the template placeholder comment).
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/routes';
import './index.css';

const app = (
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

const root = document.getElementById('root');
if (root) {
  // As a transition, hydration yields to the browser between small chunks of work instead of
  // blocking it in one long task: the prerendered page stays responsive while it becomes live.
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
