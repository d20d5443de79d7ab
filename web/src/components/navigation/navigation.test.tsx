import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetClientState } from '../../data/testing';
import { fakeServer, renderApp, setWideViewport } from '../header/testServer';
import type { MenuItem } from '../../data/navigation';
import { debounce, moreItem, MORE_ITEM_ID, splitOverflow, visibleCount } from './overflow';
import { NAVIGATE_TO_PAGE_EVENT } from './NavigationMenu';

beforeEach(() => {
  resetClientState();
  setWideViewport(true);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  delete (HTMLElement.prototype as { scrollWidth?: number }).scrollWidth;
});

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('overflow rules', () => {
  const item = (id: string): MenuItem => ({
    id,
    label: `Item ${id}`,
    level: 1,
    actionType: 'InternalLink',
    actionValue: `/${id}`,
    href: `/${id}`,
    newWindow: false,
    imageUrl: null,
    subMenu: [],
  });

  it('keeps every item when they fit, and otherwise the leading ones that fit beside More', () => {
    expect(visibleCount([100, 100, 100], 300, 80)).toBe(3);
    expect(visibleCount([100, 100, 100], 299, 80)).toBe(2);
    expect(visibleCount([100, 100, 100, 100], 390, 80)).toBe(3);
    expect(visibleCount([100, 100, 100, 100], 379, 80)).toBe(2);
    expect(visibleCount([300, 50], 200, 80)).toBe(0);
    expect(visibleCount([], 0, 80)).toBe(0);
  });

  it('puts the trailing items into a More item with id 10001, an empty href and the items as its submenu', () => {
    const items = ['0', '1', '2', '3'].map(item);
    const { visible, more } = splitOverflow(items, 2);
    expect(visible.map((i) => i.id)).toEqual(['0', '1']);
    expect(more).toMatchObject({ id: MORE_ITEM_ID, label: 'More', href: '', level: 1 });
    expect(more?.subMenu.map((i) => i.id)).toEqual(['2', '3']);
    expect(splitOverflow(items, 4)).toEqual({ visible: items, more: null });
    expect(splitOverflow(items, 9).more).toBeNull();
    expect(moreItem([], '20001').id).toBe('20001');
  });

  it('debounces calls to the last one', () => {
    vi.useFakeTimers();
    try {
      const fn = vi.fn();
      const d = debounce(fn, 150);
      d(1);
      d(2);
      vi.advanceTimersByTime(149);
      expect(fn).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(fn).toHaveBeenCalledTimes(1);
      expect(fn).toHaveBeenCalledWith(2);
      d(3);
      d.cancel();
      vi.advanceTimersByTime(500);
      expect(fn).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('horizontal menu', () => {
  it('shows a loading state, then the items; leaves are links under the base path and Home is active', async () => {
    fakeServer();
    renderApp('/');
    expect(within(mainNav()).getByRole('status').textContent).toBe('Loading menu items...');
    const home = await within(mainNav()).findByRole('link', { name: 'Home' });
    // The router writes the base path without a trailing slash: {basePath}/ and {basePath} are the same page.
    expect(home.getAttribute('href')).toBe('/store');
    expect(home.getAttribute('aria-current')).toBe('page');
    expect(within(mainNav()).getByRole('link', { name: 'Tools' }).getAttribute('href')).toBe('/store/category/tools/0ZG000000000007');
    const office = within(mainNav()).getByRole('button', { name: 'Office' });
    expect(office.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows an error with a retry when the menu fails to load', async () => {
    fakeServer({ mainMenu: 'fail' });
    renderApp('/');
    const alert = await within(mainNav()).findByRole('alert');
    expect(alert.textContent).toContain('The menu could not be loaded.');
    fakeServer();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(mainNav()).findByRole('link', { name: 'Home' })).toBeTruthy();
  });

  it('opens one dropdown at a time; clicking the open item closes it; a click elsewhere closes it', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderApp('/');
    const office = await within(mainNav()).findByRole('button', { name: 'Office' });
    const safety = within(mainNav()).getByRole('button', { name: 'Safety' });

    await user.click(office);
    expect(office.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(office.getAttribute('aria-controls') ?? '');
    expect(panel).toBeTruthy();
    expect(within(panel!).getByRole('menuitem', { name: 'All Office' }).getAttribute('href')).toBe('/store/category/office/0ZG000000000001');

    await user.click(safety);
    expect(office.getAttribute('aria-expanded')).toBe('false');
    expect(safety.getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('menuitem', { name: 'All Office' })).toBeNull();

    await user.click(safety);
    expect(safety.getAttribute('aria-expanded')).toBe('false');

    await user.click(office);
    await user.click(screen.getByRole('main'));
    expect(office.getAttribute('aria-expanded')).toBe('false');
  });

  it('drills down with Back, and a leaf raises navigatetopage with its id, navigates and closes', async () => {
    fakeServer();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const office = await within(mainNav()).findByRole('button', { name: 'Office' });
    const events: string[] = [];
    const onNavigate = (e: Event) => events.push((e as CustomEvent<{ id: string }>).detail.id);
    document.addEventListener(NAVIGATE_TO_PAGE_EVENT, onNavigate);
    try {
      await user.click(office);
      const panel = () => document.getElementById(office.getAttribute('aria-controls') ?? '')!;
      await user.click(within(panel()).getByRole('menuitem', { name: 'Writing' }));
      const back = within(panel()).getByRole('menuitem', { name: 'Back' });
      expect(document.activeElement).toBe(back);
      expect(within(panel()).getByRole('menuitem', { name: 'All Writing' })).toBeTruthy();
      // Enter on Back goes back, and focus returns to the item we came from.
      await user.keyboard('{Enter}');
      expect(within(panel()).queryByRole('menuitem', { name: 'Back' })).toBeNull();
      expect(document.activeElement?.textContent).toBe('Writing');
      await user.keyboard('{Enter}');
      await user.click(within(panel()).getByRole('menuitem', { name: 'Pens' }));
      expect(events).toEqual(['1_0_0']);
      await waitFor(() => expect(router.state.location.pathname).toBe('/store/category/pens/0ZG000000000003'));
      expect(office.getAttribute('aria-expanded')).toBe('false');
      // The current page's items are highlighted (once the page's code has loaded: the router's transition waits for it).
      await waitFor(() => expect(office.closest('li')?.className).toContain('is-active'));
    } finally {
      document.removeEventListener(NAVIGATE_TO_PAGE_EVENT, onNavigate);
    }
  });

  it('moves the items that do not fit into More, and measures again after a resize', async () => {
    let barWidth = 450;
    // Every entry is 100px wide, More 80px.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const width = this.dataset.measureId ? 80 : this.hasAttribute('data-measure-item') ? 100 : 0;
      return { width, height: 40, top: 0, left: 0, right: width, bottom: 40, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
    });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('nav-bar') ? barWidth : 0;
      },
    });
    fakeServer();
    const user = userEvent.setup();
    renderApp('/');
    const more = await within(mainNav()).findByRole('button', { name: 'More' });
    // 80 + 3 x 100 fits 450; the fourth item does not.
    const bar = more.closest('ul')!;
    const top = Array.from(bar.children).map((li) => li.textContent);
    expect(top).toEqual(['Home', 'Office', 'Safety', 'More']);
    expect(more.closest('li')?.className).toContain('is-right-aligned');
    await user.click(more);
    const panel = document.getElementById(more.getAttribute('aria-controls') ?? '')!;
    expect(within(panel).getAllByRole('menuitem').map((li) => li.textContent)).toEqual(['Tools', 'Plumbing', 'FAQ']);
    // Items of More drill down like any other.
    await user.click(within(panel).getByRole('menuitem', { name: 'Plumbing' }));
    expect(within(panel).getByRole('menuitem', { name: 'Pipes' })).toBeTruthy();

    barWidth = 1000;
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    // Debounced: nothing changes at once.
    expect(within(mainNav()).queryByRole('button', { name: 'More' })).toBeTruthy();
    await waitFor(() => expect(within(mainNav()).queryByRole('button', { name: 'More' })).toBeNull());
    expect(within(mainNav()).getByRole('link', { name: 'FAQ' })).toBeTruthy();
  });
});

describe('dropdown keys (WAI-ARIA menu button)', () => {
  const focused = () => document.activeElement?.textContent;
  async function officeTrigger() {
    fakeServer();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const office = await within(mainNav()).findByRole('button', { name: 'Office' });
    office.focus();
    const menu = () => screen.getByRole('menu', { name: 'Office' });
    return { user, office, menu, router };
  }

  it('is a menu button: Enter opens on the first item of a menu of menu items', async () => {
    const { user, office, menu } = await officeTrigger();
    expect(office.getAttribute('aria-haspopup')).toBe('menu');
    await user.keyboard('{Enter}');
    expect(office.getAttribute('aria-expanded')).toBe('true');
    expect(office.getAttribute('aria-controls')).toBe(menu().id);
    expect(within(menu()).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['All Office', 'Writing', 'Paper']);
    expect(focused()).toBe('All Office');
    // Tab does not stop at each item: the arrows move between them.
    expect(within(menu()).getAllByRole('menuitem').every((i) => i.tabIndex === -1)).toBe(true);
  });

  it('opens on the first item with Space and ArrowDown, on the last with ArrowUp', async () => {
    const { user, office } = await officeTrigger();
    await user.keyboard(' ');
    expect(focused()).toBe('All Office');
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(office);
    await user.keyboard('{ArrowDown}');
    expect(office.getAttribute('aria-expanded')).toBe('true');
    expect(focused()).toBe('All Office');
    await user.keyboard('{Escape}{ArrowUp}');
    expect(office.getAttribute('aria-expanded')).toBe('true');
    expect(focused()).toBe('Paper');
  });

  it('moves with the arrows, wrapping at both ends, and with Home and End', async () => {
    const { user } = await officeTrigger();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('Writing');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(focused()).toBe('All Office');
    await user.keyboard('{ArrowUp}');
    expect(focused()).toBe('Paper');
    await user.keyboard('{Home}');
    expect(focused()).toBe('All Office');
    await user.keyboard('{End}');
    expect(focused()).toBe('Paper');
  });

  it('jumps to an item by its first letters', async () => {
    const { user } = await officeTrigger();
    await user.keyboard('{Enter}');
    await user.keyboard('w');
    expect(focused()).toBe('Writing');
    await user.keyboard('p');
    // "wp" matches nothing: the focus stays.
    expect(focused()).toBe('Writing');
  });

  it('drills into a submenu with ArrowRight and back out with ArrowLeft', async () => {
    const { user, menu } = await officeTrigger();
    await user.keyboard('{Enter}{ArrowDown}{ArrowRight}');
    // The menu shows the submenu's level, named after it.
    const writing = screen.getByRole('menu', { name: 'Writing' });
    expect(within(writing).getByRole('menuitem', { name: 'Back' })).toBe(document.activeElement);
    expect(within(writing).getByRole('menuitem', { name: 'Pens' })).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(menu()).toBeTruthy();
    expect(focused()).toBe('Writing');
    expect(screen.queryByRole('menuitem', { name: 'Back' })).toBeNull();
  });

  it('Escape closes and returns the focus to the button', async () => {
    const { user, office } = await officeTrigger();
    await user.keyboard('{Enter}{ArrowDown}{Escape}');
    expect(office.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(office);
  });

  it('Tab closes and moves on; Shift+Tab closes and returns to the button', async () => {
    const { user, office } = await officeTrigger();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(office.getAttribute('aria-expanded')).toBe('false');
    expect(focused()).toBe('Safety');
    office.focus();
    await user.keyboard('{Enter}');
    await user.tab({ shift: true });
    expect(office.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(office);
  });

  it('closes when the focus leaves it any other way', async () => {
    const { user, office } = await officeTrigger();
    await user.keyboard('{Enter}');
    act(() => screen.getByRole('combobox', { name: 'Search' }).focus());
    expect(office.getAttribute('aria-expanded')).toBe('false');
    // The focus moving inside it (to its own button) does not close it.
    await user.keyboard('{Escape}');
    await user.click(office);
    expect(focused()).toBe('All Office');
    act(() => office.focus());
    expect(office.getAttribute('aria-expanded')).toBe('true');
  });

  it('Space follows a link item like Enter, and closes the menu', async () => {
    const { user, router } = await officeTrigger();
    await user.keyboard('{Enter}{End} ');
    await waitFor(() => expect(router.state.location.pathname).toBe('/store/category/paper/0ZG000000000004'));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('truncated labels', () => {
  it('show their full text in a tooltip on focus, only when cut off', async () => {
    // Labels are capped at 20rem: pretend "Tools" is cut off and the others are not.
    const cut = (el: HTMLElement) => el.classList.contains('nav-bar-label') && el.textContent === 'Tools';
    Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return cut(this) ? 400 : 100;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('nav-bar-label') ? (cut(this) ? 320 : 100) : 0;
      },
    });
    fakeServer();
    renderApp('/');
    const tools = await within(mainNav()).findByRole('link', { name: 'Tools' });
    fireEvent.focus(tools);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Tools');
    fireEvent.blur(tools);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(within(mainNav()).getByRole('link', { name: 'FAQ' }));
    await act(() => new Promise((r) => setTimeout(r, 30)));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('vertical menu (below 48rem)', () => {
  beforeEach(() => setWideViewport(false));

  it('toggles a drill-down list with Toggle Sidebar; Back, Close and Escape work', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderApp('/');
    const toggle = await within(mainNav()).findByRole('button', { name: 'Toggle Sidebar' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(mainNav()).queryByRole('link', { name: 'Home' })).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '')!;
    // Focus moves into the list (its first entry is Close).
    expect(list.contains(document.activeElement)).toBe(true);
    await user.click(within(list).getByRole('button', { name: 'Office' }));
    expect(within(list).getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'All Office' })).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Back' }));
    expect(within(list).getByRole('link', { name: 'Home' })).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Close' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);

    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes after a leaf is chosen and navigates to it', async () => {
    fakeServer();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const toggle = await within(mainNav()).findByRole('button', { name: 'Toggle Sidebar' });
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Safety' }));
    await user.click(screen.getByRole('link', { name: 'Gloves' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/store/category/gloves/0ZG000000000006'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on a click outside the menu', async () => {
    fakeServer();
    renderApp('/');
    const toggle = await within(mainNav()).findByRole('button', { name: 'Toggle Sidebar' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.mouseDown(screen.getByRole('main'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
