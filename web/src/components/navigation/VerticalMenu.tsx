import { useCallback, useEffect, useRef, useState } from 'react';
import type { MenuItem } from '../../data/navigation';
import { MenuIcon } from '../header/icons';
import { DrilldownList } from './DrilldownList';
import { Tooltip } from './Tooltip';

export const TOGGLE_SIDEBAR_LABEL = 'Toggle Sidebar';

interface VerticalMenuProps {
  items: MenuItem[];
  activeIds: ReadonlySet<string>;
  onLeafSelect: (item: MenuItem) => void;
  idPrefix: string;
  label: string;
}

/**
 * The menu below 48rem (spec sections 2 and 4): an icon button labelled Toggle Sidebar opens
 * and closes a full-width drill-down list. The list closes itself after a leaf is chosen, on
 * Close, on Escape (focus back on the toggle) and on a click outside the menu.
 */
export function VerticalMenu({ items, activeIds, onLeafSelect, idPrefix, label }: VerticalMenuProps) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const panelId = `${idPrefix}-sidebar`;

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggle.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open, close]);

  return (
    <div className="nav-vertical" ref={root}>
      <Tooltip text={TOGGLE_SIDEBAR_LABEL}>
        <button
          type="button"
          ref={toggle}
          className="icon-button nav-toggle"
          aria-label={TOGGLE_SIDEBAR_LABEL}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          <MenuIcon size={24} />
        </button>
      </Tooltip>
      {open && (
        <DrilldownList
          id={panelId}
          className="nav-sidebar"
          items={items}
          label={label}
          activeIds={activeIds}
          autoFocus="first"
          showClose
          onLeafSelect={(item) => {
            onLeafSelect(item);
            close(false);
          }}
          onRequestClose={close}
        />
      )}
    </div>
  );
}
