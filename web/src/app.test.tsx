import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactNode } from 'react';
import { App } from './App';
import { Layout } from './components/Layout';
import { routes } from './routes';
import { loadAllPages } from './routes/lazyPages';
import { createQueryClient } from './queryClient';
import { setBasePath, setWebstoreId, type Site } from './data';
import { queryKeys } from './data/hooks';
import { jsonResponse, mockFetch, resetClientState } from './data/testing';
import { safeStartPath } from './routes/startUrl';

const SITE: Site = {
  webstoreId: '0ZEXX0000000001AAA',
  communityId: '0DBXX0000000001AAA',
  siteId: '0DMXX0000000001AAA',
  language: 'en_US',
  locale: 'en-US',
  basePath: '',
  storeName: 'Acme Supply',
};
const SESSION_URL = '/services/data/v64.0/commerce/webstores/0ZEXX0000000001AAA/session-context';
const GUEST = { guestUser: true, userId: '005XX0000000009AAA', accountId: null, accountName: null, profile: null, buyerGroups: [] };
const BUYER = {
  guestUser: false,
  userId: '005XX0000000001AAA',
  userName: 'buyer@example.com',
  accountId: '001XX0000000001AAA',
  accountName: 'Acme',
  profile: { userName: 'buyer@example.com', firstName: 'Bonnie', lastName: 'Buyer', email: 'buyer@example.com' },
  buyerGroups: [],
};

function renderAt(path: string, site: Site = SITE) {
  setBasePath(site.basePath);
  setWebstoreId(site.webstoreId);
  const client = createQueryClient();
  client.setQueryData(queryKeys.site, site);
  const router = createMemoryRouter(routes, {
    initialEntries: [site.basePath + path],
    basename: site.basePath || '/',
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

// Pages are loaded on first use; compiling them all once up front keeps each test's waits short.
beforeAll(() => loadAllPages());
beforeEach(() => {
  resetClientState();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('header', () => {
  // The header's own behaviour is tested in components/header and components/navigation.
  it('shows the store name linking home and a Login link for guests', async () => {
    mockFetch(() => jsonResponse(GUEST));
    renderAt('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Acme Supply' }).getAttribute('href')).toBe('/');
    const login = await within(banner).findByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/login');
    expect(within(banner).queryByRole('button', { name: /profile menu/ })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(within(banner).getByRole('search')).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main-content');
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main-content');
  });

  it('gives a signed-in buyer the profile menu and cart instead of Login', async () => {
    const { calls } = mockFetch(() => jsonResponse(BUYER));
    renderAt('/', { ...SITE, basePath: '/store' });
    expect(await screen.findByRole('button', { name: 'Bonnie, profile menu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Cart/ }).getAttribute('href')).toBe('/store/cart');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(calls[0].url).toBe(`/store${SESSION_URL}`);
  });

  it('treats a session that fails to load as a guest', async () => {
    mockFetch(() => jsonResponse([{ errorCode: 'UNKNOWN', message: 'x' }], { status: 500 }));
    renderAt('/');
    expect(await screen.findByRole('link', { name: 'Login' }, { timeout: 3000 })).toBeTruthy();
  });
});

describe('pages loaded on first use', () => {
  it('announce that the page is loading, in the main region under the header, until the page arrives', async () => {
    mockFetch(() => jsonResponse(GUEST));
    let arrive: (m: { Component: () => ReactNode }) => void = () => {};
    const page = () => new Promise<{ Component: () => ReactNode }>((resolve) => (arrive = resolve));
    const client = createQueryClient();
    client.setQueryData(queryKeys.site, SITE);
    const router = createMemoryRouter([
      { path: '/', element: <Layout />, hydrateFallbackElement: <Layout pageLoading />, children: [{ index: true, lazy: page }] },
    ]);
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('status').textContent).toBe('Loading the page…');
    expect(screen.getByRole('banner')).toBeTruthy();
    await act(async () => arrive({ Component: () => <h1>Arrived</h1> }));
    expect(await within(screen.getByRole('main')).findByRole('heading', { name: 'Arrived' })).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('status')).toBeNull();
  });
});

describe('catch-all route', () => {
  it('renders Coming soon for storefront pages not built yet, with a link home', async () => {
    mockFetch(() => jsonResponse(GUEST));
    // (/account is a page still to come.)
    renderAt('/account');
    expect(screen.getByRole('heading', { name: 'Coming soon' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    const login = await screen.findByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/login?startURL=%2Faccount');
  });

  it('renders Page not found for unknown paths', () => {
    mockFetch(() => jsonResponse(GUEST));
    renderAt('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

describe('login page', () => {
  it('has labelled Email and Password fields and a Log in button', async () => {
    mockFetch(() => jsonResponse(GUEST));
    renderAt('/login');
    // The page's code loads on first use (routes/lazyPages).
    expect((await screen.findByLabelText('Email')).getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('shows the 401 message in an alert and moves focus to it', async () => {
    mockFetch((url) =>
      url.endsWith('/api/auth/login')
        ? jsonResponse([{ errorCode: 'INVALID_LOGIN', message: 'Invalid username or password.' }], { status: 401 })
        : jsonResponse(GUEST),
    );
    const user = userEvent.setup();
    renderAt('/login');
    await user.type(await screen.findByLabelText('Email'), 'buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid username or password.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByRole('button', { name: 'Log in' }).hasAttribute('disabled')).toBe(false);
  });

  it.each([
    ['30', '30 seconds'],
    ['60', '1 minute'],
    ['900', '15 minutes'],
    ['86400', '24 hours'],
  ])('shows the rate-limit message on 429 with Retry-After %s', async (retryAfter, wait) => {
    mockFetch((url) =>
      url.endsWith('/api/auth/login')
        ? jsonResponse([{ errorCode: 'REQUEST_LIMIT_EXCEEDED', message: 'Too many login attempts. Try again later.' }], {
            status: 429,
            headers: { 'Retry-After': retryAfter },
          })
        : jsonResponse(GUEST),
    );
    const user = userEvent.setup();
    renderAt('/login');
    await user.type(await screen.findByLabelText('Email'), 'buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Too many login attempts. Try again later. (You can try again in ${wait}.)`);
  });

  it('disables the button and says Logging in… while pending, then goes to a same-site startURL', async () => {
    let release: (r: Response) => void = () => {};
    let loggedIn = false;
    const { calls } = mockFetch((url) => {
      if (url.endsWith('/api/auth/login')) {
        return new Promise<Response>((resolve) => {
          release = (r) => {
            loggedIn = true;
            resolve(r);
          };
        });
      }
      return jsonResponse(loggedIn ? BUYER : GUEST);
    });
    const user = userEvent.setup();
    const router = renderAt('/login?startURL=%2Faccount');
    await user.type(await screen.findByLabelText('Email'), ' buyer@example.com ');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const pending = await screen.findByRole('button', { name: 'Logging in…' });
    expect(pending.hasAttribute('disabled')).toBe(true);
    const post = calls.find((c) => c.url === '/api/auth/login');
    expect(post?.method).toBe('POST');
    expect(post?.body).toEqual({ username: 'buyer@example.com', password: 'demo1234' });
    await act(async () => release(jsonResponse({ userId: '005XX0000000001AAA' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByRole('button', { name: 'Bonnie, profile menu' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Coming soon' })).toBeTruthy();
  });

  it('goes home when startURL is another site', async () => {
    mockFetch((url) => (url.endsWith('/api/auth/login') ? jsonResponse({ userId: '005' }) : jsonResponse(GUEST)));
    const user = userEvent.setup();
    const router = renderAt('/login?startURL=https%3A%2F%2Fevil.example%2F');
    await user.type(await screen.findByLabelText('Email'), 'buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('safeStartPath', () => {
  const origin = 'https://shop.example';
  it('keeps same-site paths and strips the base path', () => {
    expect(safeStartPath('/cart?x=1#top', '', origin)).toBe('/cart?x=1#top');
    expect(safeStartPath('/store/cart', '/store', origin)).toBe('/cart');
    expect(safeStartPath('/store', '/store', origin)).toBe('/');
  });
  it('rejects other sites and odd values', () => {
    for (const bad of [null, '', 'cart', '//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/x\nlocation']) {
      expect(safeStartPath(bad, '', origin)).toBe('/');
    }
    expect(safeStartPath('/login', '', origin)).toBe('/');
    expect(safeStartPath('/logout', '', origin)).toBe('/');
  });
});

describe('bootstrap', () => {
  it('shows a loading state, then the app under the base path from /api/site', async () => {
    window.history.pushState({}, '', '/store/account');
    const { calls } = mockFetch((url) => (url === '/api/site' ? jsonResponse({ ...SITE, basePath: '/store' }) : jsonResponse(GUEST)));
    render(<App queryClient={createQueryClient()} />);
    expect(screen.getByRole('status').textContent).toBe('Loading the store…');
    expect(await screen.findByRole('link', { name: 'Acme Supply' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Coming soon' })).toBeTruthy();
    const login = await screen.findByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/store/login?startURL=%2Faccount');
    expect(calls[0].url).toBe('/api/site');
    expect(calls[1].url).toBe(`/store${SESSION_URL}`);
    window.history.pushState({}, '', '/');
  });

  it('shows an error with a retry when /api/site fails', async () => {
    let fail = true;
    mockFetch((url) => {
      if (url === '/api/site') {
        return fail ? new Response('down', { status: 503 }) : jsonResponse(SITE);
      }
      return jsonResponse(GUEST);
    });
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    render(<App queryClient={client} />);
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain('The store could not be loaded');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Acme Supply' })).toBeTruthy();
  });
});
