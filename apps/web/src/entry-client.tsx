import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type HydrationState } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './app/routes';
import { AppProviders } from './app/providers';
import { fetchRuntimeConfig, setRuntimeConfig } from './lib/runtime-config';
import './ui/global.css';

declare global {
  interface Window {
    __staticRouterHydrationData?: HydrationState;
  }
}

async function start() {
  const config = await fetchRuntimeConfig();
  setRuntimeConfig(config);
  const container = document.getElementById('root')!;
  const hydrationData = window.__staticRouterHydrationData;

  if (hydrationData) {
    // The server rendered this page: load its lazy route modules first so hydration matches.
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async (m) => {
        if (typeof m.route.lazy === 'function') {
          Object.assign(m.route, await m.route.lazy());
          delete m.route.lazy;
        }
      }),
    );
    const router = createBrowserRouter(routes, { hydrationData });
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread in one long task (Total Blocking Time); the page is already painted.
    startTransition(() => {
      hydrateRoot(
        container,
        <AppProviders config={config}>
          <RouterProvider router={router} />
        </AppProviders>,
      );
    });
  } else {
    const router = createBrowserRouter(routes);
    createRoot(container).render(
      <AppProviders config={config}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  }
}

void start();
