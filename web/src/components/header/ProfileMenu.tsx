import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { logout } from '../../data/api';
import { useNavigationMenu } from '../../data/headerHooks';
import { useSession } from '../../data/hooks';
import { isExternalHref, LOGOUT_EVENT, PROFILE_MENU, type MenuItem } from '../../data/navigation';
import { closeOnFocusLeave, useMenuFocusKeys } from '../navigation/menuKeys';
import { LOADING_MENU_LABEL } from '../navigation/NavigationMenu';
import { ChevronDownIcon, UserIcon } from './icons';
import { pageNavigation } from './pageNavigation';

export const LOGIN_LABEL = 'Login';

/** The login path of a visitor on `pathname`, with a startURL to come back to (none from home or login). */
export function loginPath(pathname: string, search = ''): string {
  if (pathname === '/' || pathname === '/login') return '/login';
  return `/login?startURL=${encodeURIComponent(pathname + search)}`;
}

/** True for the profile menu's logout entry (an Event item whose value is Logout). */
export function isLogoutItem(item: Pick<MenuItem, 'actionType' | 'actionValue'>): boolean {
  return item.actionType === 'Event' && (item.actionValue ?? '').trim().toLowerCase() === LOGOUT_EVENT.toLowerCase();
}

interface ProfileMenuProps {
  menuName?: string;
  /** The menu button's icon; the user icon by default. */
  icon?: ReactNode;
  /** Show the first and last name above the items (default true). */
  showName?: boolean;
}

/**
 * The profile menu (spec section 2). A guest gets its one item, Login, as a direct link. A
 * buyer gets a menu button (aria-haspopup menu) over the items of Default_User_Profile_Menu3
 * (submenus dropped) under their name; the logout item ends the session by a POST to {basePath}/logout.
 * Keys (WAI-ARIA menu button): Enter, Space or ArrowDown open on the first item, ArrowUp on the
 * last; arrows (wrapping), Home and End move; typing jumps to an item; Escape and Shift+Tab close
 * and return focus to the button; Tab, or focus leaving the menu any other way, closes it. A click
 * on the button toggles the menu, a click elsewhere closes it.
 */
export function ProfileMenu({ menuName = PROFILE_MENU, icon, showName = true }: ProfileMenuProps) {
  const session = useSession();
  const location = useLocation();
  const buyer = session.data?.guestUser === false;
  if (!buyer) {
    return (
      <Link to={loginPath(location.pathname, location.search)} className="header-action profile-login">
        {icon ?? <UserIcon size={22} />}
        <span>{LOGIN_LABEL}</span>
      </Link>
    );
  }
  const profile = session.data?.profile;
  const firstName = profile?.firstName?.trim() || '';
  const fullName = [firstName, profile?.lastName?.trim()].filter(Boolean).join(' ') || session.data?.userName || '';
  return <BuyerMenu menuName={menuName} icon={icon} name={showName ? fullName : ''} buttonText={firstName || 'Account'} />;
}

interface BuyerMenuProps {
  menuName: string;
  icon?: ReactNode;
  name: string;
  buttonText: string;
}

function BuyerMenu({ menuName, icon, name, buttonText }: BuyerMenuProps) {
  const menu = useNavigationMenu(menuName, { showHomeLink: false, dropSubmenus: true });
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const moveFocus = useMenuFocusKeys();
  const ids = useId();
  const menuId = `${ids}-menu`;
  const nameId = `${ids}-name`;
  const buttonId = `${ids}-button`;
  const items = menu.data ?? [];

  const entries = () => Array.from(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const all = entries();
    (focusOnOpen.current === 'last' ? all[all.length - 1] : all[0])?.focus();
  }, [open, menu.data]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open, close]);

  const openMenu = (at: 'first' | 'last') => {
    focusOnOpen.current = at;
    if (open) {
      // Already open (the focus went back to the button): move into it again.
      const all = entries();
      (at === 'last' ? all[all.length - 1] : all[0])?.focus();
    }
    setOpen(true);
  };

  // Enter and Space reach the button as its click, which opens on the first item (or closes).
  const onButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openMenu(e.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (moveFocus(e, entries())) return;
    // Tab goes on to what follows the menu; the focus leaving closes it (onBlur below).
    if (e.key === 'Escape' || (e.key === 'Tab' && e.shiftKey)) {
      e.preventDefault();
      close(true);
    }
  };

  const choose = (item: MenuItem) => {
    close(false);
    // A POST to the logout route ends the session; then the site root loads afresh (a full page load).
    if (isLogoutItem(item)) void logout((url) => pageNavigation.assign(url));
  };

  return (
    <div className="profile-menu" ref={root} onBlur={open ? closeOnFocusLeave(() => close(false)) : undefined}>
      <button
        type="button"
        id={buttonId}
        ref={button}
        className="header-action profile-button"
        // The label starts with the visible text (the first name) and says what the button opens.
        aria-label={`${buttonText}, profile menu`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {icon ?? <UserIcon size={22} />}
        <span className="profile-button-text">{buttonText}</span>
        <ChevronDownIcon size={16} />
      </button>
      {open && (
        <div className="profile-popover">
          {name && (
            <p className="profile-subheader" id={nameId}>
              {name}
            </p>
          )}
          {menu.isPending ? (
            <p className="profile-status" role="status">
              {LOADING_MENU_LABEL}
            </p>
          ) : menu.isError ? (
            <p className="profile-status" role="alert">
              The menu could not be loaded.
            </p>
          ) : null}
          <ul
            id={menuId}
            ref={list}
            role="menu"
            aria-labelledby={name ? nameId : buttonId}
            className="profile-items"
            onKeyDown={onMenuKeyDown}
          >
            {items.map((item) => (
              <li key={item.id} role="none">
                <ProfileMenuEntry item={item} onChoose={choose} onFollow={() => close(false)} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

interface ProfileMenuEntryProps {
  item: MenuItem;
  /** Items that are not plain links (the logout event). */
  onChoose: (item: MenuItem) => void;
  /** A link is being followed: close the menu. */
  onFollow: () => void;
}

/** One menu item: a router link for site paths, a link for URLs, a button for events. */
function ProfileMenuEntry({ item, onChoose, onFollow }: ProfileMenuEntryProps) {
  // Space activates a menu item as Enter does (links only know Enter).
  const onKeyDown = (e: KeyboardEvent<HTMLAnchorElement>) => {
    if (e.key === ' ') {
      e.preventDefault();
      e.currentTarget.click();
    }
  };
  if (item.href === '' || isLogoutItem(item)) {
    return (
      <button type="button" role="menuitem" tabIndex={-1} onClick={() => onChoose(item)}>
        {item.label}
      </button>
    );
  }
  if (isExternalHref(item.href)) {
    return (
      <a
        role="menuitem"
        tabIndex={-1}
        href={item.href}
        onClick={onFollow}
        onKeyDown={onKeyDown}
        {...(item.newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {item.label}
      </a>
    );
  }
  return (
    <Link role="menuitem" tabIndex={-1} to={item.href} onClick={onFollow} onKeyDown={onKeyDown}>
      {item.label}
    </Link>
  );
}
