// Test helpers of the header's component tests: a fake server behind fetch, and the app's
// routes rendered in a memory router. Used by *.test.tsx only.
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { setBasePath, setWebstoreId, type NavigationItem, type Site } from '../../data';
import { queryKeys } from '../../data/hooks';
import { jsonResponse, mockFetch } from '../../data/testing';
import { createQueryClient } from '../../queryClient';
import { routes } from '../../routes';

export const SITE: Site = {
  webstoreId: '0ZEXX0000000001AAA',
  communityId: '0DBXX0000000001AAA',
  siteId: '0DMXX0000000001AAA',
  language: 'en-US',
  locale: 'en-US',
  basePath: '/store',
  storeName: 'Acme Supply',
  headerBackgroundColor: '#1B2A41',
  promoBarBackgroundColor: '#C23934',
  logoContentKey: 'MCLOGO',
};

export const GUEST = { guestUser: true, userId: null, accountId: null, accountName: null, profile: null, buyerGroups: [] };
export const BUYER = {
  guestUser: false,
  userId: '005XX0000000001AAA',
  userName: 'buyer@example.com',
  accountId: '001XX0000000001AAA',
  accountName: 'Acme',
  profile: { userName: 'buyer@example.com', firstName: 'Bonnie', lastName: 'Buyer', email: 'buyer@example.com' },
  buyerGroups: [],
};

const link = (label: string, value: string, subMenu: NavigationItem[] = []): NavigationItem => ({
  label,
  actionType: 'InternalLink',
  actionValue: value,
  target: 'CurrentWindow',
  subMenu,
});

export const MAIN_MENU_ITEMS: NavigationItem[] = [
  link('Home', '/'),
  link('Office', '/category/office/0ZG000000000001', [
    link('Writing', '/category/writing/0ZG000000000002', [link('Pens', '/category/pens/0ZG000000000003')]),
    link('Paper', '/category/paper/0ZG000000000004'),
  ]),
  link('Safety', '/category/safety/0ZG000000000005', [link('Gloves', '/category/gloves/0ZG000000000006')]),
  link('Tools', '/category/tools/0ZG000000000007'),
  link('Plumbing', '/category/plumbing/0ZG000000000008', [link('Pipes', '/category/pipes/0ZG000000000009')]),
  link('FAQ', '/faq'),
];

export const PROFILE_MENU_ITEMS: NavigationItem[] = [
  link('My Account', '/my-account', [link('Ignored', '/ignored')]),
  link('Order History', '/orders'),
  link('Addresses', '/addresses'),
  { label: 'Log Out', actionType: 'Event', actionValue: 'Logout', target: 'CurrentWindow', subMenu: [] },
];

export interface FakeServer {
  session?: object | 'fail';
  mainMenu?: NavigationItem[] | 'fail';
  profileMenu?: NavigationItem[];
  cart?: object | 'fail';
  suggestions?: string[];
  logo?: object | 'fail';
}

export const LOGO_DOC = {
  contentKey: 'MCLOGO',
  contentNodes: {
    source: { nodeType: 'MediaSource', url: '/cms/delivery/media/MCLOGO', isExternal: false },
    altText: { nodeType: 'Text', value: 'Acme Supply' },
  },
};

const errorBody = (status: number) => jsonResponse([{ errorCode: 'ERROR', message: `HTTP ${status}` }], { status });

/** Installs fetch answering like the server would; returns the recorded calls. */
export function fakeServer(opts: FakeServer = {}) {
  return mockFetch((url) => {
    const u = new URL(url, 'http://test');
    if (u.pathname.endsWith('/session-context')) {
      return opts.session === 'fail' ? errorBody(500) : jsonResponse(opts.session ?? GUEST);
    }
    if (u.pathname.includes('/lwr/apex/')) {
      const params = JSON.parse(u.searchParams.get('methodParams') ?? '{}');
      if (params.navigationLinkSetDeveloperName === 'Default_User_Profile_Menu3') {
        return jsonResponse({ menuItems: opts.profileMenu ?? PROFILE_MENU_ITEMS });
      }
      if (opts.mainMenu === 'fail') return errorBody(500);
      return jsonResponse({ menuItems: opts.mainMenu ?? MAIN_MENU_ITEMS });
    }
    if (u.pathname.includes('/cms/delivery/contents/')) {
      return opts.logo === 'fail' ? errorBody(404) : jsonResponse(opts.logo ?? LOGO_DOC);
    }
    if (u.pathname.endsWith('/carts/compact-summary')) {
      return opts.cart === 'fail'
        ? errorBody(403)
        : jsonResponse(opts.cart ?? { cartId: null, currencyIsoCode: 'USD', totalProductCount: '0', uniqueProductCount: 0 });
    }
    if (u.pathname.endsWith('/logout')) return new Response(null, { status: 204 });
    if (u.pathname.endsWith('/search/suggestions')) {
      return jsonResponse({ completions: (opts.suggestions ?? []).map((s) => ({ simpleString: s })), locale: 'en_US' });
    }
    return errorBody(404);
  });
}

/** Renders the app's routes at `path` (under the site base path) with the site already loaded. */
export function renderApp(path = '/', site: Site = SITE) {
  setBasePath(site.basePath);
  setWebstoreId(site.webstoreId);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  client.setQueryData(queryKeys.site, site);
  const router = createMemoryRouter(routes, { initialEntries: [site.basePath + path], basename: site.basePath || '/' });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client, ...view };
}

/** Makes the navigation horizontal (>= 48rem) or vertical, as window.matchMedia answers. */
export function setWideViewport(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
