import { useId, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { useNavigationMenu } from '../../data/headerHooks';
import { findActivePath, MAIN_MENU, type MenuItem } from '../../data/navigation';
import { HorizontalMenu } from './HorizontalMenu';
import { HORIZONTAL_NAV_QUERY, useMediaQuery } from './useMediaQuery';
import { VerticalMenu } from './VerticalMenu';

export const LOADING_MENU_LABEL = 'Loading menu items...';
/** The DOM event raised when a menu item is chosen (spec section 2), detail {id}. */
export const NAVIGATE_TO_PAGE_EVENT = 'navigatetopage';

export interface NavigateToPageDetail {
  id: string;
}

interface NavigationMenuProps {
  menuName?: string;
  showHomeLink?: boolean;
  label?: string;
  /** Called with the item id when an item is chosen, besides the DOM event. */
  onNavigateToPage?: (id: string) => void;
}

/**
 * The site navigation (spec section 2): Default_Navigation4 with its home link, horizontal
 * from 48rem and a drill-down sidebar below. Choosing an item raises navigatetopage with its
 * id; the item's link then navigates.
 */
export function NavigationMenu({ menuName = MAIN_MENU, showHomeLink = true, label = 'Main', onNavigateToPage }: NavigationMenuProps) {
  const menu = useNavigationMenu(menuName, { showHomeLink });
  const horizontal = useMediaQuery(HORIZONTAL_NAV_QUERY);
  const location = useLocation();
  const nav = useRef<HTMLElement>(null);
  const idPrefix = `nav${useId().replace(/:/g, '')}`;

  const items = menu.data;
  const activeIds = useMemo(
    () => new Set(findActivePath(items ?? [], location.pathname).map((i) => i.id)),
    [items, location.pathname],
  );

  const onLeafSelect = (item: MenuItem) => {
    nav.current?.dispatchEvent(
      new CustomEvent<NavigateToPageDetail>(NAVIGATE_TO_PAGE_EVENT, { detail: { id: item.id }, bubbles: true, composed: true }),
    );
    onNavigateToPage?.(item.id);
  };

  let body;
  if (menu.isPending) {
    body = (
      <p className="nav-status" role="status">
        {LOADING_MENU_LABEL}
      </p>
    );
  } else if (menu.isError || !items) {
    body = (
      <div className="nav-status nav-error" role="alert">
        <span>The menu could not be loaded.</span>
        <button type="button" className="link-button" onClick={() => void menu.refetch()} disabled={menu.isFetching}>
          Try again
        </button>
      </div>
    );
  } else if (horizontal) {
    body = <HorizontalMenu items={items} activeIds={activeIds} onLeafSelect={onLeafSelect} idPrefix={idPrefix} />;
  } else {
    body = <VerticalMenu items={items} activeIds={activeIds} onLeafSelect={onLeafSelect} idPrefix={idPrefix} label={label} />;
  }

  return (
    <nav aria-label={label} className={`site-nav ${horizontal ? 'is-horizontal' : 'is-vertical'}`} ref={nav}>
      {body}
    </nav>
  );
}
