import type { HTMLAttributes, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { isExternalHref, type MenuItem } from '../../data/navigation';

interface MenuLinkProps extends Omit<HTMLAttributes<HTMLElement>, 'onSelect' | 'children'> {
  item: MenuItem;
  className?: string;
  /** Called before the browser follows the link (raise the event, close the menus). */
  onSelect: (item: MenuItem) => void;
  current?: boolean;
  children?: ReactNode;
  onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void;
}

/**
 * A leaf of a menu: an in-app link for internal paths (so the router navigates under the
 * base path), a plain link for absolute URLs, a new window when the item asks for one, and
 * a button for items without an href (events).
 */
export function MenuLink({ item, onSelect, current, children, onClick, ...rest }: MenuLinkProps) {
  const content = children ?? item.label;
  // Other attributes and handlers (a tooltip's hover and focus handlers) pass through to the element.
  const common = {
    ...rest,
    'data-item-id': item.id,
    onClick: (e: MouseEvent<HTMLElement>) => {
      onClick?.(e);
      // Modified clicks open a new tab; the menu stays as it is.
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button === 1) return;
      onSelect(item);
    },
  };
  if (item.href === '') {
    return (
      <button type="button" {...common}>
        {content}
      </button>
    );
  }
  const newWindow = item.newWindow || /^(mailto|tel):/i.test(item.href);
  if (newWindow || isExternalHref(item.href)) {
    return (
      <a href={item.href} {...common} {...(newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {content}
      </a>
    );
  }
  return (
    <Link to={item.href} aria-current={current ? 'page' : undefined} {...common}>
      {content}
    </Link>
  );
}
