// The keyboard and focus rules the menus share (WAI-ARIA menu button pattern): the profile menu
// and the navigation dropdowns. Arrow keys move between items and wrap, Home and End go to the
// ends, typing jumps to an item by its label, and focus leaving a menu closes it.
import { useCallback, useEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';

/** Type-ahead keys are remembered this long (spec section 9). */
export const TYPEAHEAD_RESET_MS = 700;

/** The index of the first item after `from` whose label starts with `prefix` (case-insensitive), or -1. */
export function typeaheadMatch(labels: readonly string[], prefix: string, from: number): number {
  const p = prefix.toLowerCase();
  if (p === '') return -1;
  for (let step = 1; step <= labels.length; step++) {
    const i = (from + step + labels.length) % labels.length;
    if (labels[i].toLowerCase().startsWith(p)) return i;
  }
  return -1;
}

/**
 * Where a movement key takes the focus among `count` items from item `at` (-1 when none has it):
 * ArrowDown and ArrowUp wrap around, Home and End go to the ends. Null for any other key.
 */
export function menuKeyTarget(key: string, at: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return at < 0 ? 0 : (at + 1) % count;
    case 'ArrowUp':
      return at < 0 ? count - 1 : (at - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * A menu's movement keys: arrows, Home, End and type-ahead over `items`. The returned handler
 * focuses the item the key leads to and returns true when it handled the key.
 */
export function useMenuFocusKeys() {
  const typed = useRef({ text: '', timer: undefined as ReturnType<typeof setTimeout> | undefined });
  useEffect(() => () => clearTimeout(typed.current.timer), []);

  return useCallback((e: KeyboardEvent, items: HTMLElement[]): boolean => {
    const at = items.indexOf(document.activeElement as HTMLElement);
    const target = menuKeyTarget(e.key, at, items.length);
    if (target !== null) {
      e.preventDefault();
      items[target].focus();
      return true;
    }
    if (e.key.length !== 1 || !/\S/.test(e.key) || e.ctrlKey || e.metaKey || e.altKey) return false;
    const t = typed.current;
    clearTimeout(t.timer);
    t.text += e.key;
    t.timer = setTimeout(() => (t.text = ''), TYPEAHEAD_RESET_MS);
    const labels = items.map((el) => el.textContent?.trim() ?? '');
    // A repeated first letter cycles through the items that start with it; a longer text stays on a
    // matching item as it grows.
    const single = t.text.length > 1 && t.text.split('').every((c) => c === t.text[0]);
    const i = typeaheadMatch(labels, single ? t.text[0] : t.text, single || t.text.length === 1 ? at : at - 1);
    if (i >= 0) items[i].focus();
    return true;
  }, []);
}

/**
 * An onBlur handler for the element holding a menu's button and popup: calls `close` when the
 * focus moves to an element outside it (Tab, a screen reader's focus, a click on another control).
 * Focus that goes nowhere is left to the menu's click-elsewhere rule: it is a click on the page's
 * background, or on a button of the menu itself in browsers that do not focus clicked buttons
 * (Safari), or the window losing the focus.
 */
export function closeOnFocusLeave(close: () => void) {
  return (e: FocusEvent<HTMLElement>) => {
    const next = e.relatedTarget;
    if (next instanceof Node && !e.currentTarget.contains(next)) close();
  };
}
