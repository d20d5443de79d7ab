import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { MenuItem } from '../../data/navigation';
import { ChevronDownIcon } from '../header/icons';
import { DrilldownList, SHOW_MENU_LABEL } from './DrilldownList';
import { MenuLink } from './MenuLink';
import { closeOnFocusLeave } from './menuKeys';
import { debounce, MORE_ITEM_ID, MORE_LABEL, MORE_MEASURE_ID, RESIZE_DEBOUNCE_MS, splitOverflow, visibleCount } from './overflow';
import { Tooltip } from './Tooltip';

interface HorizontalMenuProps {
  items: MenuItem[];
  activeIds: ReadonlySet<string>;
  onLeafSelect: (item: MenuItem) => void;
  /** Prefix of element ids (one menu per page, but tests render several). */
  idPrefix: string;
}

const truncated = (el: HTMLElement) => {
  const label = el.querySelector<HTMLElement>('.nav-bar-label');
  return !!label && label.scrollWidth > label.clientWidth;
};

/**
 * The horizontal bar (spec sections 2 and 4): top-level items; an item with a submenu is a menu
 * button (WAI-ARIA) whose dropdown opens on click, Enter, Space or ArrowDown with the focus on its
 * first item, or on ArrowUp with the focus on its last. One is open at a time: opening one closes
 * the others, clicking it again closes it. Escape (or Shift+Tab) closes it and returns focus to its
 * trigger; Tab, the focus leaving it, or a click elsewhere closes it. Trailing items that do not
 * fit move into a right-aligned More entry, measured again after window resizes.
 */
export function HorizontalMenu({ items, activeIds, onLeafSelect, idPrefix }: HorizontalMenuProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [count, setCount] = useState(items.length);
  const root = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLUListElement>(null);
  const measureList = useRef<HTMLUListElement>(null);
  const triggers = useRef(new Map<string, HTMLButtonElement>());
  // Where the focus goes in a dropdown that opens: its first item, or its last (ArrowUp).
  const focusOnOpen = useRef<'first' | 'last'>('first');

  const measure = useCallback(() => {
    const available = bar.current?.clientWidth ?? 0;
    const m = measureList.current;
    if (!m) return;
    const widths = Array.from(m.querySelectorAll<HTMLElement>('[data-measure-item]')).map((el) => el.getBoundingClientRect().width);
    const more = m.querySelector<HTMLElement>(`[data-measure-id="${MORE_MEASURE_ID}"]`)?.getBoundingClientRect().width ?? 0;
    setCount(visibleCount(widths, available, more));
  }, []);

  useLayoutEffect(measure, [items, measure]);

  useEffect(() => {
    const onResize = debounce(measure, RESIZE_DEBOUNCE_MS);
    window.addEventListener('resize', onResize);
    // Web fonts change the widths once they arrive.
    void document.fonts?.ready.then(measure).catch(() => {});
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
    };
  }, [measure]);

  const openRef = useRef(openId);
  useLayoutEffect(() => {
    openRef.current = openId;
  });
  const close = useCallback((returnFocus: boolean) => {
    const current = openRef.current;
    setOpenId(null);
    if (returnFocus && current) triggers.current.get(current)?.focus();
  }, []);

  useEffect(() => {
    if (openId === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(true);
    };
    const onPointer = (e: PointerEvent | MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [openId, close]);

  const { visible, more } = splitOverflow(items, count);
  const entries = more ? [...visible, more] : visible;
  // A dropdown whose item moved into More (or out of it) is closed.
  const open = entries.some((e) => e.id === openId) ? openId : null;

  const select = (item: MenuItem) => {
    onLeafSelect(item);
    setOpenId(null);
  };

  const openDropdown = (id: string, at: 'first' | 'last') => {
    focusOnOpen.current = at;
    if (open === id) {
      // Already open (the focus went back to its trigger): move into it again.
      const entries = document.getElementById(`${idPrefix}-panel-${id}`)?.querySelectorAll<HTMLElement>('[role="menuitem"]');
      entries?.[at === 'last' ? entries.length - 1 : 0]?.focus();
    }
    setOpenId(id);
  };

  // Enter and Space reach a trigger as its click.
  const onTriggerKeyDown = (id: string) => (e: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openDropdown(id, e.key === 'ArrowUp' ? 'last' : 'first');
    }
  };
  // Only the dropdown that the focus left closes: a click on another trigger opens that one.
  const closeIfOpen = (id: string) => closeOnFocusLeave(() => setOpenId((current) => (current === id ? null : current)));

  const isActive = (item: MenuItem) =>
    item.id === MORE_ITEM_ID ? item.subMenu.some((i) => activeIds.has(i.id)) : activeIds.has(item.id);

  return (
    <div className="nav-horizontal" ref={root}>
      <ul className="nav-bar" ref={bar}>
        {entries.map((item) => {
          const active = isActive(item);
          const panelId = `${idPrefix}-panel-${item.id}`;
          const cls = `nav-bar-item${item.id === MORE_ITEM_ID ? ' is-right-aligned' : ''}${active ? ' is-active' : ''}`;
          if (item.subMenu.length === 0) {
            return (
              <li key={item.id} className={cls}>
                <Tooltip text={item.label} when={truncated}>
                  <MenuLink item={item} className="nav-bar-link" onSelect={select} current={active}>
                    <span className="nav-bar-label">{item.label}</span>
                  </MenuLink>
                </Tooltip>
              </li>
            );
          }
          const isOpen = open === item.id;
          return (
            <li key={item.id} className={`${cls}${isOpen ? ' is-open' : ''}`} onBlur={isOpen ? closeIfOpen(item.id) : undefined}>
              <Tooltip text={item.id === MORE_ITEM_ID ? SHOW_MENU_LABEL : item.label} when={item.id === MORE_ITEM_ID ? undefined : truncated}>
                <button
                  type="button"
                  className="nav-bar-link"
                  aria-haspopup="menu"
                  aria-expanded={isOpen}
                  aria-controls={isOpen ? panelId : undefined}
                  data-item-id={item.id}
                  ref={(el) => {
                    if (el) triggers.current.set(item.id, el);
                    else triggers.current.delete(item.id);
                  }}
                  onClick={() => (isOpen ? setOpenId(null) : openDropdown(item.id, 'first'))}
                  onKeyDown={onTriggerKeyDown(item.id)}
                >
                  <span className="nav-bar-label">{item.label}</span>
                  <ChevronDownIcon size={16} className="nav-bar-chevron" />
                </button>
              </Tooltip>
              {isOpen && (
                <DrilldownList
                  key={item.id}
                  id={panelId}
                  className={`nav-dropdown${item.id === MORE_ITEM_ID ? ' is-right-aligned' : ''}`}
                  items={item.subMenu}
                  label={item.label}
                  activeIds={activeIds}
                  onLeafSelect={select}
                  onRequestClose={close}
                  autoFocus={focusOnOpen.current}
                  menu
                />
              )}
            </li>
          );
        })}
      </ul>
      {/* A hidden copy of every entry and of More, measured to decide what fits. Its 0x0 clipping box keeps the
          copy, wider than the bar, from widening the page. */}
      <div className="nav-measure-box">
        <ul className="nav-bar nav-measure" ref={measureList} aria-hidden="true">
          {items.map((item) => (
            <li key={item.id} className="nav-bar-item" data-measure-item="">
              <span className="nav-bar-link">
                <span className="nav-bar-label">{item.label}</span>
                {item.subMenu.length > 0 && <ChevronDownIcon size={16} className="nav-bar-chevron" />}
              </span>
            </li>
          ))}
          <li className="nav-bar-item" data-measure-id={MORE_MEASURE_ID}>
            <span className="nav-bar-link">
              <span className="nav-bar-label">{MORE_LABEL}</span>
              <ChevronDownIcon size={16} className="nav-bar-chevron" />
            </span>
          </li>
        </ul>
      </div>
    </div>
  );
}
