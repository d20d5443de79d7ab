import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setEffectiveAccount } from '../../data';
import { resetClientState } from '../../data/testing';
import { contrastRatio, hexColourOr, readableTextColour } from './colours';
import { showsSlot } from './LoginStateContainer';
import { isLogoutItem, loginPath } from './ProfileMenu';
import { menuKeyTarget, typeaheadMatch } from '../navigation/menuKeys';
import { pageNavigation } from './pageNavigation';
import { nextOption } from './SearchBox';
import { BUYER, fakeServer, GUEST, renderApp, setWideViewport, SITE } from './testServer';

beforeEach(() => {
  resetClientState();
  setWideViewport(true);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const banner = () => screen.getByRole('banner');

describe('pure header rules', () => {
  it('accepts #RRGGBB colours only and picks readable text', () => {
    expect(hexColourOr('#1b2a41', '#000000')).toBe('#1B2A41');
    expect(hexColourOr('red', '#000000')).toBe('#000000');
    expect(hexColourOr('#fff', '#000000')).toBe('#000000');
    expect(hexColourOr(undefined, '#123456')).toBe('#123456');
    expect(readableTextColour('#1B2A41')).toBe('#FFFFFF');
    expect(readableTextColour('#C23934')).toBe('#FFFFFF');
    expect(readableTextColour('#F4F6F9')).toBe('#181818');
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#C23934', '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
  });

  it('shows a login-state slot only when the login state matches; no session counts as a guest', () => {
    const guest = { ...GUEST, userName: null, effectiveAccountId: null, effectiveAccountName: null } as never;
    const buyer = { ...BUYER, effectiveAccountId: null, effectiveAccountName: null } as never;
    expect(showsSlot(true, guest)).toBe(true);
    expect(showsSlot(false, guest)).toBe(false);
    expect(showsSlot(false, buyer)).toBe(true);
    expect(showsSlot(true, buyer)).toBe(false);
    expect(showsSlot(true, null)).toBe(true);
    expect(showsSlot(false, undefined)).toBe(false);
  });

  it('builds the login path with a startURL except from home and login', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login')).toBe('/login');
    expect(loginPath('/category/x/1', '?page=2')).toBe('/login?startURL=%2Fcategory%2Fx%2F1%3Fpage%3D2');
  });

  it('recognises the logout event item and type-ahead matches', () => {
    expect(isLogoutItem({ actionType: 'Event', actionValue: 'Logout' })).toBe(true);
    expect(isLogoutItem({ actionType: 'Event', actionValue: 'logout' })).toBe(true);
    expect(isLogoutItem({ actionType: 'InternalLink', actionValue: 'Logout' })).toBe(false);
    const labels = ['My Account', 'Order History', 'Orders Pending', 'Log Out'];
    expect(typeaheadMatch(labels, 'o', 0)).toBe(1);
    expect(typeaheadMatch(labels, 'o', 1)).toBe(2);
    expect(typeaheadMatch(labels, 'o', 2)).toBe(1);
    expect(typeaheadMatch(labels, 'orders', 0)).toBe(2);
    expect(typeaheadMatch(labels, 'z', 0)).toBe(-1);
    expect(nextOption(-1, true, 3)).toBe(0);
    expect(nextOption(2, true, 3)).toBe(0);
    expect(nextOption(-1, false, 3)).toBe(2);
    expect(nextOption(0, false, 3)).toBe(2);
    expect(nextOption(0, true, 0)).toBe(-1);
  });

  it('moves the focus of a menu with the arrows (wrapping), Home and End', () => {
    expect(menuKeyTarget('ArrowDown', 0, 4)).toBe(1);
    expect(menuKeyTarget('ArrowDown', 3, 4)).toBe(0);
    expect(menuKeyTarget('ArrowUp', 0, 4)).toBe(3);
    expect(menuKeyTarget('ArrowUp', -1, 4)).toBe(3);
    expect(menuKeyTarget('ArrowDown', -1, 4)).toBe(0);
    expect(menuKeyTarget('Home', 2, 4)).toBe(0);
    expect(menuKeyTarget('End', 0, 4)).toBe(3);
    expect(menuKeyTarget('ArrowDown', 0, 0)).toBeNull();
    expect(menuKeyTarget('a', 0, 4)).toBeNull();
  });
});

describe('header', () => {
  it('applies the store colours and shows the CMS logo linking home', async () => {
    const { calls } = fakeServer();
    renderApp('/', { ...SITE, headerBackgroundColor: '#F4F6F9', promoBarBackgroundColor: 'not-a-colour' });
    const header = banner();
    expect(header.style.getPropertyValue('--header-bg')).toBe('#F4F6F9');
    expect(header.style.getPropertyValue('--header-fg')).toBe('#181818');
    expect(header.style.getPropertyValue('--promo-bg')).toBe('#C23934');
    expect(header.dataset.tone).toBe('light');
    const img = await within(header).findByRole('img', { name: 'Acme Supply' });
    expect(img.getAttribute('src')).toBe('/store/cms/delivery/media/MCLOGO');
    expect(img.closest('a')?.getAttribute('href')).toBe('/store');
    expect(calls.some((c) => c.url === '/store/services/data/v64.0/connect/sites/0DMXX0000000001AAA/cms/delivery/contents/MCLOGO')).toBe(true);
    // The white rule follows the header.
    expect(header.nextElementSibling?.tagName).toBe('HR');
  });

  it('warns and falls back to the media URL when the CMS call fails, then to the store name when the image fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeServer({ logo: 'fail' });
    renderApp('/');
    const img = await within(banner()).findByRole('img', { name: 'Acme Supply' });
    expect(img.getAttribute('src')).toBe('/store/cms/delivery/media/MCLOGO');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/MCLOGO.*0DMXX0000000001AAA/);
    fireEvent.error(img);
    expect(within(banner()).queryByRole('img', { name: 'Acme Supply' })).toBeNull();
    expect(within(banner()).getByRole('link', { name: 'Acme Supply' }).getAttribute('href')).toBe('/store');
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[1][0])).toMatch(/MCLOGO.*0DMXX0000000001AAA/);
  });

  it('shows the store name when the site has no logo', () => {
    fakeServer();
    renderApp('/', { ...SITE, logoContentKey: '' });
    expect(within(banner()).getByRole('link', { name: 'Acme Supply' })).toBeTruthy();
  });
});

describe('login-state containers', () => {
  it('shows a guest Login and no cart', async () => {
    const { calls } = fakeServer();
    renderApp('/category/x/0ZG000000000001');
    const login = await within(banner()).findByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/store/login?startURL=%2Fcategory%2Fx%2F0ZG000000000001');
    expect(within(banner()).queryByRole('link', { name: /^Cart/ })).toBeNull();
    expect(within(banner()).queryByRole('button', { name: /profile menu/ })).toBeNull();
    expect(calls.some((c) => c.url.includes('compact-summary'))).toBe(false);
  });

  it('treats a session that fails to load as a guest', async () => {
    fakeServer({ session: 'fail' });
    renderApp('/');
    expect(await within(banner()).findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(within(banner()).queryByRole('link', { name: /^Cart/ })).toBeNull();
  });
});

describe('cart badge', () => {
  it('shows the count, 99+ above 99, and links to the cart', async () => {
    fakeServer({ session: BUYER, cart: { cartId: '0a6XX0000000001AAA', currencyIsoCode: 'USD', totalProductCount: '150.0', uniqueProductCount: 3 } });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const badge = await within(banner()).findByRole('link', { name: 'Cart: 99+ items' });
    expect(badge.getAttribute('href')).toBe('/store/cart');
    expect(badge.textContent).toBe('99+');
    badge.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/store/cart'));
  });

  it('shows small counts as they are and no bubble for an empty cart', async () => {
    fakeServer({ session: BUYER, cart: { cartId: 'c', totalProductCount: '3.0', uniqueProductCount: 2 } });
    renderApp('/');
    expect((await within(banner()).findByRole('link', { name: 'Cart: 3 items' })).textContent).toBe('3');
    cleanup();
    fakeServer({ session: BUYER });
    renderApp('/');
    expect((await within(banner()).findByRole('link', { name: 'Cart: 0 items' })).textContent).toBe('');
  });

  it('asks again for the new effective account', async () => {
    const { calls } = fakeServer({ session: BUYER, cart: { cartId: 'c', totalProductCount: '2.0', uniqueProductCount: 1 } });
    renderApp('/');
    await within(banner()).findByRole('link', { name: 'Cart: 2 items' });
    act(() => setEffectiveAccount('001XX0000000002AAA', 'Globex'));
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('compact-summary?effectiveAccountId=001XX0000000002AAA'))).toBe(true),
    );
    expect(await within(banner()).findByText('Globex')).toBeTruthy();
  });
});

describe('profile menu', () => {
  async function openWithKeyboard() {
    const user = userEvent.setup();
    const button = await within(banner()).findByRole('button', { name: 'Bonnie, profile menu' });
    button.focus();
    await user.keyboard('{Enter}');
    return { user, button };
  }

  it('is a menu button over the profile menu items under the buyer name', async () => {
    const { calls } = fakeServer({ session: BUYER });
    renderApp('/');
    const { button } = await openWithKeyboard();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'Bonnie Buyer' });
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    const items = await within(menu).findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['My Account', 'Order History', 'Addresses', 'Log Out']);
    expect(items[0].getAttribute('href')).toBe('/store/my-account');
    expect(document.activeElement).toBe(items[0]);
    const apex = calls.find((c) => c.url.includes('Default_User_Profile_Menu3'));
    const params = JSON.parse(new URL(apex!.url, 'http://x').searchParams.get('methodParams') ?? '');
    expect(params).toMatchObject({ navigationLinkSetDeveloperName: 'Default_User_Profile_Menu3', showHomeLink: false, communityId: SITE.communityId });
    // Submenus are dropped.
    expect(screen.queryByText('Ignored')).toBeNull();
  });

  it('moves with arrows, Home, End and type-ahead; Escape closes and returns focus', async () => {
    fakeServer({ session: BUYER });
    renderApp('/');
    const { user, button } = await openWithKeyboard();
    await screen.findAllByRole('menuitem');
    const focused = () => document.activeElement?.textContent;
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('Order History');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(focused()).toBe('Log Out');
    await user.keyboard('{Home}');
    expect(focused()).toBe('My Account');
    await user.keyboard('{End}');
    expect(focused()).toBe('Log Out');
    await user.keyboard('a');
    expect(focused()).toBe('Addresses');
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    // ArrowUp opens on the last item.
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(focused()).toBe('Log Out'));
  });

  it('opens with Space and ArrowDown on the first item; ArrowDown wraps from the last to the first', async () => {
    fakeServer({ session: BUYER });
    renderApp('/');
    const user = userEvent.setup();
    const button = await within(banner()).findByRole('button', { name: 'Bonnie, profile menu' });
    button.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('My Account'));
    await user.keyboard('{End}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('My Account');
    await user.keyboard('{Escape}{ArrowDown}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('My Account'));
  });

  it('Tab closes and moves on; Shift+Tab closes and returns to the button', async () => {
    fakeServer({ session: BUYER });
    renderApp('/');
    const { user, button } = await openWithKeyboard();
    await screen.findAllByRole('menuitem');
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).not.toBe(button);
    button.focus();
    await user.keyboard('{Enter}');
    await screen.findAllByRole('menuitem');
    await user.tab({ shift: true });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes when the focus leaves it any other way, not when it moves inside it', async () => {
    fakeServer({ session: BUYER });
    renderApp('/');
    const { user, button } = await openWithKeyboard();
    const items = await screen.findAllByRole('menuitem');
    act(() => items[2].focus());
    act(() => button.focus());
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.keyboard('{ArrowDown}');
    act(() => screen.getByRole('link', { name: 'Skip to content' }).focus());
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('follows an item with Enter and closes', async () => {
    fakeServer({ session: BUYER });
    const { router } = renderApp('/');
    const { user, button } = await openWithKeyboard();
    await screen.findAllByRole('menuitem');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/store/orders'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('logs out by a POST with the CSRF token, then loads the site root', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    setEffectiveAccount('001XX0000000001AAA', 'Acme');
    document.cookie = 'sf_csrf=c1; path=/';
    const { calls } = fakeServer({ session: BUYER });
    renderApp('/');
    const { user } = await openWithKeyboard();
    await user.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/store/'));
    const posts = calls.filter((c) => c.url === '/store/logout');
    expect(posts).toHaveLength(1);
    expect(posts[0].method).toBe('POST');
    expect(posts[0].headers['x-csrf-token']).toBe('c1');
    expect(sessionStorage.getItem('effectiveAccountId')).toBeNull();
  });

  it('closes on a click elsewhere', async () => {
    fakeServer({ session: BUYER });
    const user = userEvent.setup();
    renderApp('/');
    const button = await within(banner()).findByRole('button', { name: 'Bonnie, profile menu' });
    await user.click(button);
    expect(await screen.findByRole('menu')).toBeTruthy();
    await user.click(screen.getByRole('main'));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('search box', () => {
  it('is a labelled search input of at most 255 characters with a Search button', async () => {
    fakeServer();
    renderApp('/');
    const search = within(banner()).getByRole('search');
    const input = within(search).getByRole('combobox', { name: 'Search' });
    expect(input.getAttribute('type')).toBe('search');
    expect(input.getAttribute('maxlength')).toBe('255');
    expect(input.getAttribute('placeholder')).toBe('Search for a product...');
    expect(within(search).getByRole('button', { name: 'Search' })).toBeTruthy();
  });

  it('goes to the search page on Enter or the button, and does nothing for blank text', async () => {
    fakeServer();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const input = within(banner()).getByRole('combobox', { name: 'Search' });
    await user.type(input, '   {Enter}');
    await user.click(within(banner()).getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/store/');
    await user.clear(input);
    await user.type(input, ' gel pens/blue {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/store/global-search/gel%20pens%2Fblue'));
    await user.clear(input);
    await user.type(input, 'tape');
    await user.click(within(banner()).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/store/global-search/tape'));
  });

  it('offers suggestions as a listbox: arrows move, Enter picks, Escape closes', async () => {
    const { calls } = fakeServer({ suggestions: ['Pens', 'Pencils', 'Pen Refills'] });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const input = within(banner()).getByRole('combobox', { name: 'Search' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.type(input, 'pen');
    const listbox = await screen.findByRole('listbox', { name: 'Search suggestions' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Pens', 'Pencils', 'Pen Refills']);
    // Debounced: the pause after typing asks once, for the whole term.
    const asked = calls.filter((c) => c.url.includes('search/suggestions')).map((c) => new URL(c.url, 'http://x').searchParams.get('searchTerm'));
    expect(asked).toEqual(['pen']);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = within(listbox).getByRole('option', { name: 'Pencils' });
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/store/global-search/Pen%20Refills'));
    expect((input as HTMLInputElement).value).toBe('Pen Refills');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
});
