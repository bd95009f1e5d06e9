import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { appRoutes } from './app/router';
import { ErrorBoundary } from './app/error-boundary';
import { takeEarlyInput } from './app/early-input-handoff';
import './styles/app.css';

const container = document.getElementById('root')!;
// Public pages arrive as prerendered HTML (scripts/build-client.mjs); the rest start empty.
const prerendered = container.hasChildNodes();
// What the visitor already ticked, typed or chose on the prerendered page is replayed once it has hydrated.
if (prerendered) takeEarlyInput();
const app = (
  <StrictMode>
    <ErrorBoundary>
      <Providers prerendered={prerendered}>
        <RouterProvider router={createBrowserRouter(appRoutes)} />
      </Providers>
    </ErrorBoundary>
  </StrictMode>
);
// As a transition, the first render yields to the browser every few milliseconds instead of
// blocking the main thread until the whole page is done (long tasks hurt input responsiveness).
startTransition(() => {
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
});

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => navigator.serviceWorker.register('/sw.js').catch((error) => console.warn('Service worker registration failed', error));
  // On prerendered pages boot.js may start this script after the load event has fired.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register());
}
