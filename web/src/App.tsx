import { useMemo } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { useSite } from './data/hooks';
import { routes } from './routes';

/** Loads the site bootstrap, then starts the router under the site's base path. */
function Bootstrap() {
  const site = useSite();

  const router = useMemo(
    () => (site.data ? createBrowserRouter(routes, { basename: site.data.basePath || '/' }) : null),
    [site.data],
  );

  if (site.isPending) {
    return (
      <main className="boot" aria-busy="true">
        <p role="status">Loading the store…</p>
      </main>
    );
  }
  if (site.isError || !router) {
    return (
      <main className="boot">
        <h1>Storefront</h1>
        <div role="alert">
          <p>The store could not be loaded. Check your connection and try again.</p>
        </div>
        <button type="button" onClick={() => void site.refetch()} disabled={site.isFetching}>
          {site.isFetching ? 'Retrying…' : 'Try again'}
        </button>
      </main>
    );
  }
  return <RouterProvider router={router} />;
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Bootstrap />
    </QueryClientProvider>
  );
}
