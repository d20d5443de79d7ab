// Renders the app's routes at a path, with a fresh query client and the site already loaded: how the page tests start.
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../routes';
import { createQueryClient } from '../queryClient';
import { setBasePath, setWebstoreId, type Site } from '../data';
import { queryKeys } from '../data/hooks';
import { WS } from './testServer';

export const SITE: Site = {
  webstoreId: WS, communityId: '0DBXX0000000001AAA', siteId: '0DMXX0000000001AAA',
  language: 'en_US', locale: 'en-US', basePath: '', storeName: 'Acme Supply',
};

export function renderRoute(path: string, site: Site = SITE) {
  setBasePath(site.basePath);
  setWebstoreId(site.webstoreId);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  client.setQueryData(queryKeys.site, site);
  const router = createMemoryRouter(routes, { initialEntries: [site.basePath + path], basename: site.basePath || '/' });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
