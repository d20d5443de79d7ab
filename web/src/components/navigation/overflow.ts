// Pure rules of the horizontal bar's overflow (spec/storefront.md sections 2, 3 and 9).

import type { MenuItem } from '../../data/navigation';

/** The More entry's id in the bar, and the id of its hidden copy that is measured. */
export const MORE_ITEM_ID = '10001';
export const MORE_MEASURE_ID = '20001';
export const MORE_LABEL = 'More';
/** Window resizes are debounced by this much before the bar is measured again. */
export const RESIZE_DEBOUNCE_MS = 150;

/**
 * How many leading items fit the bar. All of them when their widths add up to the bar's
 * width; otherwise as many as fit beside the More entry (possibly none).
 */
export function visibleCount(itemWidths: readonly number[], available: number, moreWidth: number): number {
  const total = itemWidths.reduce((sum, w) => sum + w, 0);
  if (total <= available) return itemWidths.length;
  let used = moreWidth;
  let count = 0;
  for (const w of itemWidths) {
    if (used + w > available) break;
    used += w;
    count++;
  }
  return count;
}

/** The More entry: label More, an empty href, the overflow items as its submenu, right-aligned. */
export function moreItem(overflow: MenuItem[], id = MORE_ITEM_ID): MenuItem {
  return {
    id,
    label: MORE_LABEL,
    level: 1,
    actionType: 'MenuLabel',
    actionValue: null,
    href: '',
    newWindow: false,
    imageUrl: null,
    subMenu: overflow,
  };
}

/** The bar's entries: the first `count` items, then a More entry holding the rest (if any). */
export function splitOverflow(items: MenuItem[], count: number): { visible: MenuItem[]; more: MenuItem | null } {
  const n = Math.max(0, Math.min(count, items.length));
  if (n >= items.length) return { visible: items, more: null };
  return { visible: items.slice(0, n), more: moreItem(items.slice(n)) };
}

/** A trailing-edge debounce with a cancel, for resize handlers. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
