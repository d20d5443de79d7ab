import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../../routes';
import { createQueryClient } from '../../queryClient';
import { setBasePath, setWebstoreId, type Site } from '../../data';
import { queryKeys } from '../../data/hooks';
import { commerceServer, jsonResponse, resetClientState, type CommerceCall } from '../../data/testing';
import { BUYER, GUEST, WS } from '../testServer';
import { loadAllPages } from '../lazyPages';
import { RESET_SENT } from './ForgotPasswordPage';

const SITE: Site = { webstoreId: WS, communityId: '0DBXX0000000001AAA', siteId: '0DMXX0000000001AAA', language: 'en_US', locale: 'en-US', basePath: '/shop', storeName: 'Acme Supply' };
const PROFILE = { firstName: 'Bonnie', lastName: 'Buyer', email: 'buyer@example.com', phone: '' };

/** A fake server: the session, and what `handle` answers for the /api/ calls (by path, without the base path). */
function server(handle: (call: CommerceCall) => Response | undefined, session: object = BUYER) {
  return commerceServer({ guestBrowsingEnabled: true }, (call) => {
    if (call.path === 'session-context') return jsonResponse(session);
    if (call.path === 'carts/compact-summary') return jsonResponse({ cartId: null, totalProductCount: '0', uniqueProductCount: 0 });
    return handle({ ...call, path: call.path.replace(/^\/shop/, '') });
  });
}

function renderAt(path: string) {
  setBasePath(SITE.basePath);
  setWebstoreId(SITE.webstoreId);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  client.setQueryData(queryKeys.site, SITE);
  const router = createMemoryRouter(routes, { initialEntries: [path], basename: '/' });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const main = () => within(screen.getByRole('main'));
/** The text a screen reader reads as the element's description (its aria-describedby elements). */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
const value = (el: HTMLElement) => (el as HTMLInputElement).value;
const refusal = (entries: object[], status = 400) => jsonResponse(entries, { status });

beforeAll(() => loadAllPages());
beforeEach(() => resetClientState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My Account → Profile', () => {
  it('sends guests to log in', async () => {
    server(() => undefined, GUEST);
    const router = renderAt('/my-account/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?startURL=${encodeURIComponent('/shop/my-account/profile')}`);
  });

  it('shows the profile, saves a change and says so', async () => {
    const user = userEvent.setup();
    const srv = server((call) => {
      if (call.path === '/api/profile' && call.method === 'GET') return jsonResponse(PROFILE);
      if (call.path === '/api/profile' && call.method === 'PATCH') return jsonResponse({ ...PROFILE, ...(call.body as object) });
      return undefined;
    });
    renderAt('/my-account/profile');
    const details = within(await main().findByRole('form', { name: 'Your details' }));
    expect(value(details.getByLabelText('First name'))).toBe('Bonnie');
    const email = details.getByLabelText('Email');
    expect(value(email)).toBe('buyer@example.com');
    expect(email.hasAttribute('readonly')).toBe(true);
    expect(description(email)).toBe('Your email is your sign-in name. To change it, contact the store.');

    await user.clear(details.getByLabelText(/Last name/));
    await user.type(details.getByLabelText(/Last name/), 'Byers');
    await user.type(details.getByLabelText('Phone'), '303 555 0100');
    await user.click(details.getByRole('button', { name: 'Save profile' }));
    expect((await details.findByText('Your profile was saved.')).getAttribute('role')).toBe('status');
    const patch = srv.seen.find((c) => c.method === 'PATCH');
    expect(patch?.url).toBe('/shop/api/profile');
    expect(patch?.body).toEqual({ firstName: 'Bonnie', lastName: 'Byers', phone: '303 555 0100' });
    expect(patch?.headers['content-type']).toBe('application/json');
  });

  it('checks the last name itself and shows the server refusals beside their fields', async () => {
    const user = userEvent.setup();
    const srv = server((call) => {
      if (call.path === '/api/profile' && call.method === 'GET') return jsonResponse(PROFILE);
      if (call.method === 'PATCH') {
        return refusal([{ errorCode: 'INVALID_PHONE', message: 'Enter a phone number with digits, spaces and + ( ) - . only.', field: 'phone' }]);
      }
      return undefined;
    });
    renderAt('/my-account/profile');
    const details = within(await main().findByRole('form', { name: 'Your details' }));
    await user.clear(details.getByLabelText(/Last name/));
    await user.click(details.getByRole('button', { name: 'Save profile' }));
    const last = details.getByLabelText(/Last name/);
    expect((last).getAttribute('aria-invalid')).toBe('true');
    expect(description(last)).toBe('Enter your last name.');
    await waitFor(() => expect(document.activeElement).toBe(last));
    expect(srv.seen.some((c) => c.method === 'PATCH')).toBe(false);

    await user.type(last, 'Buyer');
    await user.type(details.getByLabelText('Phone'), 'call me');
    await user.click(details.getByRole('button', { name: 'Save profile' }));
    const phone = details.getByLabelText('Phone');
    await waitFor(() => expect(description(phone)).toBe('Enter a phone number with digits, spaces and + ( ) - . only.'));
    expect(last.getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(phone));
  });

  it('shows a load failure with a retry', async () => {
    server((call) => (call.path === '/api/profile' ? refusal([{ errorCode: 'UNKNOWN_EXCEPTION', message: 'x' }], 500) : undefined));
    renderAt('/my-account/profile');
    expect(await main().findByText('Your profile could not be loaded.')).toBeTruthy();
    expect(main().getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('changes the password: client checks, a wrong current password, then success', async () => {
    const user = userEvent.setup();
    let wrong = true;
    const srv = server((call) => {
      if (call.path === '/api/profile') return jsonResponse(PROFILE);
      if (call.path === '/api/profile/password') {
        if (wrong) {
          wrong = false;
          return refusal([{ errorCode: 'INVALID_PASSWORD', message: 'The current password is incorrect.', field: 'currentPassword' }]);
        }
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    renderAt('/my-account/profile');
    const form = within(await main().findByRole('form', { name: 'Change password' }));
    await user.type(form.getByLabelText(/New password/), 'short');
    await user.type(form.getByLabelText(/Confirm new password/), 'shorter');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(description(form.getByLabelText(/Current password/))).toBe('Enter your current password.');
    expect(description(form.getByLabelText(/^New password/))).toBe('At least 8 characters. The new password must have at least 8 characters.');
    expect(description(form.getByLabelText(/Confirm new password/))).toBe('The passwords do not match.');
    expect(srv.seen.some((c) => c.path === '/shop/api/profile/password')).toBe(false);

    await user.type(form.getByLabelText(/Current password/), 'guess123');
    await user.clear(form.getByLabelText(/^New password/));
    await user.type(form.getByLabelText(/^New password/), 'n3w-password');
    await user.clear(form.getByLabelText(/Confirm new password/));
    await user.type(form.getByLabelText(/Confirm new password/), 'n3w-password');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(description(form.getByLabelText(/Current password/))).toBe('The current password is incorrect.'));

    await user.clear(form.getByLabelText(/Current password/));
    await user.type(form.getByLabelText(/Current password/), 'demo1234');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Your password was changed. You were signed out on your other devices.')).toBeTruthy();
    expect(value(form.getByLabelText(/Current password/))).toBe('');
    const sent = srv.seen.filter((c) => c.path === '/shop/api/profile/password');
    expect(sent.map((c) => c.body)).toEqual([
      { currentPassword: 'guess123', newPassword: 'n3w-password' },
      { currentPassword: 'demo1234', newPassword: 'n3w-password' },
    ]);
  });

  it('says when to try again after too many wrong passwords', async () => {
    const user = userEvent.setup();
    server((call) => {
      if (call.path === '/api/profile') return jsonResponse(PROFILE);
      if (call.path === '/api/profile/password') {
        return jsonResponse([{ errorCode: 'REQUEST_LIMIT_EXCEEDED', message: 'Too many wrong passwords. Try again later.' }], { status: 429, headers: { 'Retry-After': '120' } });
      }
      return undefined;
    });
    renderAt('/my-account/profile');
    const form = within(await main().findByRole('form', { name: 'Change password' }));
    await user.type(form.getByLabelText(/Current password/), 'guess123');
    await user.type(form.getByLabelText(/^New password/), 'n3w-password');
    await user.type(form.getByLabelText(/Confirm new password/), 'n3w-password');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect((await form.findByRole('alert')).textContent).toContain('Too many wrong passwords. Try again later. (You can try again in 2 minutes.)');
  });
});

describe('Forgot password', () => {
  it('is linked from the login page', async () => {
    server(() => undefined, GUEST);
    const router = renderAt('/login');
    await userEvent.setup().click(await main().findByRole('link', { name: 'Forgot your password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('asks for a link and gives the same answer whatever the server knows', async () => {
    const user = userEvent.setup();
    const srv = server((call) =>
      call.path === '/api/password-reset' ? jsonResponse({ message: 'If an account exists for that email, we sent a link to reset its password.' }, { status: 202 }) : undefined,
    GUEST);
    renderAt('/forgot-password');
    const form = within(await main().findByRole('form', { name: 'Forgot your password?' }));
    await user.click(form.getByRole('button', { name: 'Send link' }));
    expect(description(form.getByLabelText(/Email/))).toBe('Enter your email address.');
    await user.type(form.getByLabelText(/Email/), ' someone@example.com ');
    await user.click(form.getByRole('button', { name: 'Send link' }));
    expect((await main().findByText(RESET_SENT)).getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement?.textContent).toBe(RESET_SENT)); // focus follows the answer
    expect(RESET_SENT).toMatch(/^If an account exists for that email, we sent a link/);
    expect(srv.seen.find((c) => c.path === '/shop/api/password-reset')?.body).toEqual({ email: 'someone@example.com' });
    await user.click(main().getByRole('button', { name: 'send another link' }));
    expect(main().getByRole('form', { name: 'Forgot your password?' })).toBeTruthy();
  });

  it('shows a throttled request', async () => {
    const user = userEvent.setup();
    server((call) =>
      call.path === '/api/password-reset'
        ? jsonResponse([{ errorCode: 'REQUEST_LIMIT_EXCEEDED', message: 'Too many password reset requests. Try again later.' }], { status: 429, headers: { 'Retry-After': '60' } })
        : undefined,
    GUEST);
    renderAt('/forgot-password');
    const form = within(await main().findByRole('form', { name: 'Forgot your password?' }));
    await user.type(form.getByLabelText(/Email/), 'someone@example.com');
    await user.click(form.getByRole('button', { name: 'Send link' }));
    expect((await form.findByRole('alert')).textContent).toContain('Too many password reset requests. Try again later. (You can try again in 1 minute.)');
  });
});

describe('Reset password', () => {
  const TOKEN = 'A'.repeat(43);

  it('sets the new password with the token and links to log in', async () => {
    const user = userEvent.setup();
    const srv = server((call) => (call.path === '/api/password-reset/confirm' ? new Response(null, { status: 204 }) : undefined), GUEST);
    renderAt(`/reset-password?token=${TOKEN}`);
    const form = within(await main().findByRole('form', { name: 'Choose a new password' }));
    await user.type(form.getByLabelText(/^New password/), 'n3w-password');
    await user.type(form.getByLabelText(/Confirm new password/), 'n3w-passwort');
    await user.click(form.getByRole('button', { name: 'Set new password' }));
    expect(description(form.getByLabelText(/Confirm new password/))).toBe('The passwords do not match.');
    await user.clear(form.getByLabelText(/Confirm new password/));
    await user.type(form.getByLabelText(/Confirm new password/), 'n3w-password');
    await user.click(form.getByRole('button', { name: 'Set new password' }));
    expect(await main().findByText(/Your password was changed/)).toBeTruthy();
    expect((main().getByRole('link', { name: 'Log in' })).getAttribute('href')).toBe('/login');
    expect(srv.seen.find((c) => c.path === '/shop/api/password-reset/confirm')?.body).toEqual({ token: TOKEN, newPassword: 'n3w-password' });
  });

  it('says when a link cannot be used and offers a new one', async () => {
    const user = userEvent.setup();
    server((call) =>
      call.path === '/api/password-reset/confirm'
        ? refusal([{ errorCode: 'INVALID_RESET_TOKEN', message: 'This password reset link is invalid, has expired or was already used. Request a new one.' }])
        : undefined,
    GUEST);
    renderAt(`/reset-password?token=${TOKEN}`);
    const form = within(await main().findByRole('form', { name: 'Choose a new password' }));
    await user.type(form.getByLabelText(/^New password/), 'n3w-password');
    await user.type(form.getByLabelText(/Confirm new password/), 'n3w-password');
    await user.click(form.getByRole('button', { name: 'Set new password' }));
    expect((await main().findByRole('alert')).textContent).toContain('This password reset link is invalid, has expired or was already used.');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('alert'));
    expect((main().getByRole('link', { name: 'Request a new link' })).getAttribute('href')).toBe('/forgot-password');
  });

  it('says so at once for a link without a token', async () => {
    server(() => undefined, GUEST);
    renderAt('/reset-password');
    expect((await main().findByRole('alert')).textContent).toContain('This password reset link is invalid');
    expect(main().queryByRole('form')).toBeNull();
  });
});
