import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { MenuItem } from '../../data/navigation';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../header/icons';
import { MenuLink } from './MenuLink';
import { useMenuFocusKeys } from './menuKeys';

export const BACK_LABEL = 'Back';
export const CLOSE_LABEL = 'Close';
export const SHOW_MENU_LABEL = 'Show menu';

interface DrilldownListProps {
  id: string;
  /** The items of the first level. */
  items: MenuItem[];
  /** The list's accessible name. */
  label: string;
  /** Ids of the items on the path to the current page (highlighted). */
  activeIds: ReadonlySet<string>;
  /** A leaf was chosen: raise the navigate event, then close (the link navigates). */
  onLeafSelect: (item: MenuItem) => void;
  /** Escape or Close: the owner closes the list, returning focus to its trigger when asked. */
  onRequestClose: (returnFocus: boolean) => void;
  /** Show the Close button (the full-width list below 48em). */
  showClose?: boolean;
  /** The entry that takes the focus when the list opens, if any. */
  autoFocus?: 'first' | 'last' | false;
  /**
   * A dropdown of the menu button pattern: the list is a menu of menu items that Tab does not
   * stop at (the arrows move between them); Shift+Tab closes it like Escape. The sidebar is not.
   */
  menu?: boolean;
  className?: string;
}

const ENTRY_SELECTOR = '.drilldown-entry';

/**
 * The vertical or dropdown list (spec section 4): it shows one level. An item with a submenu
 * drills down (the current level is pushed on a stack) and the level shows a Back entry that
 * pops it. Enter activates an item or goes back; Escape asks the owner to close the list and
 * return focus to its trigger; arrow keys (wrapping), Home and End move between entries, typing
 * jumps to one; ArrowRight drills into an item's submenu and ArrowLeft goes back.
 */
export function DrilldownList({
  id,
  items,
  label,
  activeIds,
  onLeafSelect,
  onRequestClose,
  showClose = false,
  autoFocus = false,
  menu = false,
  className,
}: DrilldownListProps) {
  const [stack, setStack] = useState<MenuItem[]>([]);
  const root = useRef<HTMLDivElement>(null);
  // Which entry gets focus after the level changes: the first or last one, or the item we came back to.
  const focusNext = useRef<string | null>(autoFocus || null);
  const describedBy = useId();
  const moveFocus = useMenuFocusKeys();

  const parent = stack.length > 0 ? stack[stack.length - 1] : null;
  const level = parent ? parent.subMenu : items;

  useEffect(() => {
    const target = focusNext.current;
    if (!target || !root.current) return;
    focusNext.current = null;
    const entries = root.current.querySelectorAll<HTMLElement>(ENTRY_SELECTOR);
    const el =
      target === 'first'
        ? entries[0]
        : target === 'last'
          ? entries[entries.length - 1]
          : Array.from(entries).find((e) => e.dataset.itemId === target);
    el?.focus();
  }, [stack]);

  const drill = (item: MenuItem) => {
    focusNext.current = 'first';
    setStack((s) => [...s, item]);
  };
  const back = () => {
    if (!parent) return;
    focusNext.current = parent.id;
    setStack((s) => s.slice(0, -1));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' || (menu && e.key === 'Tab' && e.shiftKey)) {
      e.preventDefault();
      e.stopPropagation();
      onRequestClose(true);
      return;
    }
    const focused = document.activeElement as HTMLElement | null;
    const item = level.find((i) => i.id === focused?.dataset.itemId);
    if (e.key === 'ArrowRight' && item && item.subMenu.length > 0) {
      e.preventDefault();
      drill(item);
      return;
    }
    if (e.key === 'ArrowLeft' && parent) {
      e.preventDefault();
      back();
      return;
    }
    // Space activates a menu item as Enter does (links only know Enter).
    if (menu && e.key === ' ' && focused instanceof HTMLAnchorElement) {
      e.preventDefault();
      focused.click();
      return;
    }
    if (root.current) moveFocus(e, Array.from(root.current.querySelectorAll<HTMLElement>(ENTRY_SELECTOR)));
  };

  // In a menu, the entries are menu items, reached by the arrows rather than by Tab.
  const entry = menu ? ({ role: 'menuitem', tabIndex: -1 } as const) : {};
  const levelLabel = parent ? parent.label : label;

  return (
    // The keydown handler serves the entries inside; the container itself is not interactive.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      id={id}
      ref={root}
      className={`drilldown${className ? ` ${className}` : ''}`}
      onKeyDown={onKeyDown}
      {...(menu ? { role: 'menu', 'aria-label': levelLabel } : {})}
    >
      <span id={describedBy} hidden>
        {SHOW_MENU_LABEL}
      </span>
      {showClose && (
        <div className="drilldown-top">
          <button type="button" className="drilldown-close" onClick={() => onRequestClose(true)}>
            <CloseIcon size={18} />
            <span>{CLOSE_LABEL}</span>
          </button>
        </div>
      )}
      {parent && (
        <>
          <button type="button" className="drilldown-entry drilldown-back" data-item-id="back" onClick={back} {...entry}>
            <ChevronLeftIcon size={18} />
            <span>{BACK_LABEL}</span>
          </button>
          <p className="drilldown-heading" aria-hidden="true">
            {parent.label}
          </p>
        </>
      )}
      <ul className="drilldown-list" {...(menu ? { role: 'none' } : { 'aria-label': levelLabel })}>
        {level.map((item) => {
          const active = activeIds.has(item.id);
          const cls = `drilldown-entry${active ? ' is-active' : ''}${item.isAll ? ' is-all' : ''}`;
          return (
            <li key={item.id} {...(menu ? { role: 'none' } : {})}>
              {item.subMenu.length > 0 ? (
                <button
                  type="button"
                  className={cls}
                  data-item-id={item.id}
                  aria-describedby={describedBy}
                  onClick={() => drill(item)}
                  {...entry}
                >
                  <span className="drilldown-label">{item.label}</span>
                  <ChevronRightIcon size={18} />
                </button>
              ) : (
                <MenuLink item={item} className={cls} onSelect={onLeafSelect} current={active} {...entry}>
                  <span className="drilldown-label">
                    {item.label}
                  </span>
                </MenuLink>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
