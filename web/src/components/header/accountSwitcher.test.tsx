import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EFFECTIVE_ACCOUNT_ID_KEY, EFFECTIVE_ACCOUNT_NAME_KEY, RECENT_ACCOUNTS_KEY_PREFIX } from '../../data';
import { jsonResponse, mockFetch, resetClientState } from '../../data/testing';
import { getRecentAccounts, rememberRecentAccount } from '../../data/recentAccounts';
import { accountPlace, ACCOUNT_ROWS_PER_BATCH } from './AccountSwitcher';
import { BUYER, PROFILE_MENU_ITEMS, renderApp, setWideViewport } from './testServer';

const OWN = { accountId: '001XX0000000001AAA', accountName: 'Acme', isMyAccount: true, address: { city: 'Denver', state: 'CO', country: 'United States' } };
const managed = (n: number) => ({
  accountId: `001MA${String(n).padStart(13, '0')}`,
  accountName: `Managed ${String(n).padStart(4, '0')}`,
  isMyAccount: false,
  address: { city: `City ${n}`, state: 'WA', country: 'United States' },
});
const RIVERSIDE = { accountId: '001XX0000000003AAA', accountName: 'Riverside Campus', isMyAccount: false, address: { city: 'Portland', state: 'OR', country: 'United States' } };
const HARBOR = { accountId: '001XX0000000004AAA', accountName: 'Harbor Office Park', isMyAccount: false, address: { city: 'San Diego', state: 'CA', country: 'United States' } };

/** A fake server for the header with a buyer managing `accounts` (their own first); q filters by name. */
function switcherServer(accounts: object[], options: { failSearch?: boolean } = {}) {
  return mockFetch((url) => {
    const u = new URL(url, 'http://test');
    if (u.pathname.endsWith('/session-context')) return jsonResponse(BUYER);
    if (u.pathname.includes('/lwr/apex/')) return jsonResponse({ menuItems: PROFILE_MENU_ITEMS });
    if (u.pathname.endsWith('/carts/compact-summary')) {
      const forRiverside = u.searchParams.get('effectiveAccountId') === RIVERSIDE.accountId;
      return jsonResponse({ cartId: null, currencyIsoCode: 'USD', totalProductCount: forRiverside ? '7' : '2', uniqueProductCount: 1 });
    }
    if (u.pathname.endsWith('/external-managed-accounts')) {
      const q = (u.searchParams.get('q') ?? '').toLowerCase();
      if (q && options.failSearch) return jsonResponse([{ errorCode: 'ERROR', message: 'down' }], { status: 500 });
      const list = accounts.filter((a) => (a as { accountName: string }).accountName.toLowerCase().includes(q));
      return jsonResponse({ externalManagedAccounts: list });
    }
    return jsonResponse([{ errorCode: 'NOT_FOUND', message: 'no route' }], { status: 404 });
  });
}

const managedCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.includes('/external-managed-accounts'));
// The list loads after the session and the menus: on a loaded machine that can take more than findBy's 1 s.
const switcherButton = () => screen.findByRole('button', { name: /^Buying for .*, switch account$/ }, { timeout: 5000 });
const dialog = () => screen.getByRole('dialog', { name: 'Switch account' });
const options = () => within(dialog()).queryAllByRole('option');

beforeEach(() => {
  resetClientState();
  setWideViewport(true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('account switcher rules', () => {
  it('shows an account place as city, state, country, skipping blanks', () => {
    expect(accountPlace({ address: { city: 'Denver', state: 'CO', country: 'United States', street: null, zip: null } })).toBe('Denver, CO, United States');
    expect(accountPlace({ address: { city: null, state: ' ', country: 'Canada', street: null, zip: null } })).toBe('Canada');
  });

  it('keeps the last five chosen accounts per user, newest first, once each', () => {
    for (let i = 1; i <= 6; i++) rememberRecentAccount('u1', { id: `a${i}`, name: `A${i}` });
    rememberRecentAccount('u1', { id: 'a3', name: 'A3' });
    expect(getRecentAccounts('u1').map((a) => a.id)).toEqual(['a3', 'a6', 'a5', 'a4', 'a2']);
    expect(getRecentAccounts('u2')).toEqual([]);
    expect(getRecentAccounts(null)).toEqual([]);
    localStorage.setItem(`${RECENT_ACCOUNTS_KEY_PREFIX}u3`, 'not json');
    expect(getRecentAccounts('u3')).toEqual([]);
  });
});

describe('account switcher', () => {
  it('is not shown to a buyer who buys for their own account only', async () => {
    const { calls } = switcherServer([OWN]);
    renderApp('/');
    await screen.findByRole('button', { name: 'Bonnie, profile menu' });
    await waitFor(() => expect(managedCalls(calls)).toHaveLength(1));
    expect(managedCalls(calls)[0].url).toContain('includeMyAccount=true');
    expect(screen.queryByRole('button', { name: /switch account/ })).toBeNull();
  });

  it('names the current account and opens a dialog with search, rows with places, the current one selected', async () => {
    switcherServer([OWN, RIVERSIDE, HARBOR]);
    renderApp('/');
    const button = await switcherButton();
    expect(button.getAttribute('aria-label')).toBe('Buying for Acme, switch account');
    expect(button.textContent).toContain('Acme');
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const search = within(dialog()).getByRole('combobox', { name: 'Search accounts' });
    expect(document.activeElement).toBe(search);
    expect(options().map((o) => o.textContent)).toEqual([
      'Acme (current)Denver, CO, United States',
      'Riverside CampusPortland, OR, United States',
      'Harbor Office ParkSan Diego, CA, United States',
    ]);
    expect(options()[0].getAttribute('aria-selected')).toBe('true');
    expect(options()[1].getAttribute('aria-selected')).toBe('false');
    expect(within(dialog()).queryByRole('group', { name: 'Recent accounts' })).toBeNull();
  });

  it('chooses with the keyboard: stores the account, closes, returns focus, announces, reloads the cart badge, remembers it', async () => {
    const { calls } = switcherServer([OWN, RIVERSIDE, HARBOR]);
    const { client } = renderApp('/');
    // A price cached for the buyer's own account: choosing another account marks it stale.
    const ownPrice = ['catalog', BUYER.userId, '', 'price', '01tXX0000000001AAA'];
    client.setQueryData(ownPrice, { unitPrice: '1.00' });
    const button = await switcherButton();
    await waitFor(() => expect(screen.getByRole('link', { name: /cart/i }).getAttribute('aria-label')).toMatch(/2/));
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    const search = within(dialog()).getByRole('combobox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(search.getAttribute('aria-activedescendant')).toBe(options()[1].id);
    await userEvent.keyboard('{Enter}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.getItem(EFFECTIVE_ACCOUNT_ID_KEY)).toBe(RIVERSIDE.accountId);
    expect(sessionStorage.getItem(EFFECTIVE_ACCOUNT_NAME_KEY)).toBe('Riverside Campus');
    await waitFor(() => expect(client.getQueryState(ownPrice)?.isInvalidated).toBe(true));
    expect(document.activeElement).toBe(await switcherButton());
    expect((await switcherButton()).getAttribute('aria-label')).toBe('Buying for Riverside Campus, switch account');
    expect(screen.getByText('Now buying for Riverside Campus').getAttribute('role')).toBe('status');
    // The cart badge asks again for the chosen account.
    await waitFor(() => expect(screen.getByRole('link', { name: /cart/i }).getAttribute('aria-label')).toMatch(/7/));
    expect(calls.some((c) => c.url.includes('/carts/compact-summary') && c.url.includes(`effectiveAccountId=${RIVERSIDE.accountId}`))).toBe(true);

    // Reopened: the recent accounts come first, the chosen one marked current.
    await userEvent.click(await switcherButton());
    const recent = within(dialog()).getByRole('group', { name: 'Recent accounts' });
    expect(within(recent).getAllByRole('option').map((o) => o.getAttribute('aria-selected'))).toEqual(['true']);
    expect(within(recent).getByRole('option').textContent).toContain('Riverside Campus');
    expect(getRecentAccounts(BUYER.userId)).toEqual([{ id: RIVERSIDE.accountId, name: 'Riverside Campus' }]);
  });

  it('closes on Escape and returns focus to the button', async () => {
    switcherServer([OWN, RIVERSIDE]);
    renderApp('/');
    const button = await switcherButton();
    await userEvent.click(button);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('searches a short list locally after the debounce, with an empty state', async () => {
    const { calls } = switcherServer([OWN, RIVERSIDE, HARBOR]);
    renderApp('/');
    await userEvent.click(await switcherButton());
    await userEvent.keyboard('harb');
    // Within the 150 ms debounce nothing is filtered yet.
    expect(options()).toHaveLength(3);
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['Harbor Office ParkSan Diego, CA, United States']));
    await userEvent.clear(within(dialog()).getByRole('combobox'));
    await userEvent.keyboard('xyz');
    expect(await within(dialog()).findByText("No accounts match 'xyz'")).toBeTruthy();
    expect(managedCalls(calls).every((c) => !c.url.includes('q='))).toBe(true);
  });

  it('keeps 2,000 accounts fast: 100 rows at a time, Show more, ArrowDown past the end, and server search', async () => {
    const accounts = [OWN, ...Array.from({ length: 1999 }, (_, i) => managed(i + 1))];
    const { calls } = switcherServer(accounts);
    renderApp('/');
    await userEvent.click(await switcherButton());
    expect(options().length).toBeLessThanOrEqual(ACCOUNT_ROWS_PER_BATCH);
    expect(within(dialog()).getByText('Showing 100 of 2,000')).toBeTruthy();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Show more' }));
    expect(options()).toHaveLength(200);

    // The search goes to the server once the typing pauses: one call with the whole term.
    await userEvent.type(within(dialog()).getByRole('combobox'), 'Managed 199');
    expect(managedCalls(calls).filter((c) => c.url.includes('q='))).toHaveLength(0);
    await waitFor(() => expect(options().length).toBe(10), { timeout: 3000 }); // Managed 1990 to 1999
    const searches = managedCalls(calls).filter((c) => c.url.includes('q='));
    expect(searches).toHaveLength(1);
    expect(new URL(searches[0].url, 'http://t').searchParams.get('q')).toBe('Managed 199');
    expect(options()[0].textContent).toContain('Managed 1990');

    // Without a search, ArrowDown past the last row brings the next batch.
    await userEvent.clear(within(dialog()).getByRole('combobox'));
    await waitFor(() => expect(options()).toHaveLength(100), { timeout: 3000 });
    for (let i = 0; i < 101; i++) await userEvent.keyboard('{ArrowDown}');
    expect(options()).toHaveLength(200);
    expect(within(dialog()).getByRole('combobox').getAttribute('aria-activedescendant')).toBe(options()[100].id);
    // A generous limit, not a speed bar: a hundred key presses over 200 rows in jsdom took over 20 s while the Go and
    // browser suites shared the machine's two cores (make test runs them side by side).
  }, 60_000);

  it('shows the server search loading, then its failure with a way to try again', async () => {
    const { calls } = switcherServer([OWN, ...Array.from({ length: 250 }, (_, i) => managed(i + 1))], { failSearch: true });
    renderApp('/');
    await userEvent.click(await switcherButton());
    await userEvent.keyboard('Managed 2');
    expect(await within(dialog()).findByText('Searching accounts…')).toBeTruthy();
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('Accounts could not be loaded.');
    expect(options()).toHaveLength(0);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(managedCalls(calls).filter((c) => c.url.includes('q='))).toHaveLength(2));
  });
});
