// Navigation menus (spec/storefront.md sections 2, 3 and 7; contracts/navigation, SHAPES.md 2.10).
// The server sends navigation items; the client turns them into menu items with ids, levels,
// "All {label}" entries and hrefs. These rules are pure and unit-tested.

import { API_VERSION, sitePath } from './config';
import { requestJson } from './http';

/** The server action behind the navigation menus: GET /lwr/apex/v64.0/{class}/{method}. */
export const NAVIGATION_APEX_CLASS = 'NavigationMenuItemsController';
export const NAVIGATION_APEX_METHOD = 'getConnectNavigationItems';

/** Menu names of the site (spec section 2). */
export const MAIN_MENU = 'Default_Navigation4';
export const PROFILE_MENU = 'Default_User_Profile_Menu3';

/** Submenus below this level are not expanded (spec section 9: submenu depth limit 3). */
export const MAX_MENU_DEPTH = 3;

/** The event name of the logout item of the profile menu. */
export const LOGOUT_EVENT = 'Logout';

export type NavigationActionType = 'Event' | 'ExternalLink' | 'InternalLink';

/** A navigation item as the server sends it. */
export interface NavigationItem {
  label: string;
  actionType: NavigationActionType | string;
  actionValue: string | null;
  imageUrl?: string | null;
  target?: 'CurrentWindow' | 'NewWindow' | string | null;
  subMenu?: NavigationItem[] | null;
}

/** A menu item as the menus render it. */
export interface MenuItem {
  /** Top level: the item's index; below: `{parentId}_{index}`. */
  id: string;
  label: string;
  level: number;
  actionType: string;
  actionValue: string | null;
  /**
   * Where the item goes: a path relative to the site base path for internal links
   * ('/category/...'), an absolute URL for external links, '' for events.
   */
  href: string;
  /** True when the item opens in a new window. */
  newWindow: boolean;
  imageUrl: string | null;
  subMenu: MenuItem[];
  /** True for the generated "All {label}" entry of a submenu. */
  isAll?: boolean;
}

export interface MenuOptions {
  /** The site base path; an internal action value that already carries it is made relative. */
  basePath?: string;
  /** Drop every submenu (the profile menu). */
  dropSubmenus?: boolean;
  /** Levels to expand (default MAX_MENU_DEPTH). */
  maxDepth?: number;
}

/** "List Item {0}": the label of an item the server sent without one. */
export function fallbackLabel(index: number): string {
  return `List Item ${index + 1}`;
}

/** The label of the first child of every submenu. */
export function allLabel(label: string): string {
  return `All ${label}`;
}

/** The id of a menu item: the index at the top level, `{parentId}_{index}` below it. */
export function menuItemId(parentId: string | null, index: number): string {
  return parentId === null ? String(index) : `${parentId}_${index}`;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * The href of a navigation item. Internal links are paths under the site base path (the base
 * path is stripped when the server included it); external links keep their URL when its scheme
 * is safe; events and anything unsafe (javascript:, data:) have no href.
 */
export function itemHref(item: Pick<NavigationItem, 'actionType' | 'actionValue'>, basePath = ''): string {
  const value = (item.actionValue ?? '').trim();
  if (value === '' || item.actionType === 'Event') return '';
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme) return SAFE_SCHEMES.has(scheme) ? value : '';
  if (value.startsWith('//')) return '';
  if (item.actionType === 'ExternalLink') return value;
  const path = value.startsWith('/') || value.startsWith('#') ? value : `/${value}`;
  if (basePath && (path === basePath || path.startsWith(`${basePath}/`))) {
    return path.slice(basePath.length) || '/';
  }
  return path;
}

/** True when an href leaves the single-page app (an absolute URL, mailto or tel). */
export function isExternalHref(href: string): boolean {
  return SCHEME.test(href);
}

/**
 * Turns server items into menu items: ids by position, levels from 1, an "All {label}" first
 * child (with the parent's action) on every item that has a submenu, and no expansion below
 * maxDepth. The profile menu drops submenus altogether.
 */
export function toMenuItems(items: readonly NavigationItem[] | null | undefined, options: MenuOptions = {}): MenuItem[] {
  return build(items ?? [], null, 1, options);
}

function build(items: readonly NavigationItem[], parentId: string | null, level: number, options: MenuOptions): MenuItem[] {
  const maxDepth = options.maxDepth ?? MAX_MENU_DEPTH;
  return items.map((raw, index) => {
    const id = menuItemId(parentId, index);
    const label = typeof raw.label === 'string' && raw.label.trim() !== '' ? raw.label.trim() : fallbackLabel(index);
    const item: MenuItem = {
      id,
      label,
      level,
      actionType: raw.actionType,
      actionValue: raw.actionValue ?? null,
      href: itemHref(raw, options.basePath),
      newWindow: raw.target === 'NewWindow',
      imageUrl: raw.imageUrl ?? null,
      subMenu: [],
    };
    const children = Array.isArray(raw.subMenu) ? raw.subMenu : [];
    if (!options.dropSubmenus && children.length > 0 && level < maxDepth) {
      const all: MenuItem = { ...item, id: `${id}_all`, label: allLabel(label), level: level + 1, isAll: true };
      item.subMenu = [all, ...build(children, id, level + 1, options)];
    }
    return item;
  });
}

/** Every path of items from the top to a leaf whose href is `path`; the first match wins. */
export function findActivePath(items: readonly MenuItem[], path: string): MenuItem[] {
  for (const item of items) {
    if (item.subMenu.length > 0) {
      const below = findActivePath(item.subMenu, path);
      if (below.length > 0) return [item, ...below];
    }
    if (item.href !== '' && !isExternalHref(item.href) && samePath(item.href, path)) return [item];
  }
  return [];
}

function samePath(href: string, path: string): boolean {
  const clean = (p: string) => (p.split(/[?#]/)[0] || '/').replace(/\/+$/, '') || '/';
  return clean(href) === clean(path);
}

/** The apex call's answer: menuItems, possibly wrapped in returnValue as LWR sends it. */
interface ApexNavigationResponse {
  menuItems?: NavigationItem[];
  returnValue?: { menuItems?: NavigationItem[] } | null;
}

export interface NavigationRequest {
  communityId: string;
  navigationLinkSetDeveloperName: string;
  showHomeLink: boolean;
  effectiveAccountId?: string | null;
}

/** The URL of a server action: {base}/lwr/apex/v64.0/{class}/{method}. */
export function apexUrl(apexClass: string, apexMethod: string): string {
  return sitePath(`/lwr/apex/${API_VERSION}/${encodeURIComponent(apexClass)}/${encodeURIComponent(apexMethod)}`);
}

/**
 * GET /lwr/apex/v64.0/{class}/getConnectNavigationItems?methodParams={json}: the items of one
 * navigation menu (spec section 7).
 */
export async function getNavigationItems(req: NavigationRequest, options: { signal?: AbortSignal } = {}): Promise<NavigationItem[]> {
  const params: Record<string, unknown> = {
    communityId: req.communityId,
    navigationLinkSetDeveloperName: req.navigationLinkSetDeveloperName,
    showHomeLink: req.showHomeLink,
  };
  if (req.effectiveAccountId) params.effectiveAccountId = req.effectiveAccountId;
  const body = await requestJson<ApexNavigationResponse>(apexUrl(NAVIGATION_APEX_CLASS, NAVIGATION_APEX_METHOD), {
    query: { methodParams: JSON.stringify(params) },
    signal: options.signal,
  });
  const items = body?.menuItems ?? body?.returnValue?.menuItems;
  return Array.isArray(items) ? items : [];
}
