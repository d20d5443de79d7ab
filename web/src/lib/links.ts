// Links (spec/storefront.md section 2 "Supported link types"; spec/data-layer.md
// sections 2 and 5): web link validation, page references and their
// validation, and where each kind of link goes in this storefront.

import { NOOP_HREF, isDangerousUrl } from './validate';

const MAX_URL_PATH = 2048;
const MAX_EMAIL_LOCAL_PART = 64;

const HTTP_URL = new RegExp(
  `^https?://(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\\d{1,5})?(?:[/?#][^\\s]{0,${MAX_URL_PATH - 1}})?$`,
  'i',
);
const MAILTO = new RegExp(`^mailto:[a-z0-9!#$%&'*+/=?^_\`{|}~.-]{1,${MAX_EMAIL_LOCAL_PART}}@[a-z0-9.-]+\\.[a-z]{2,}(?:\\?.*)?$`, 'i');
const TEL = /^tel:\+?[\d\s().-]{3,32}$/i;

/**
 * A web link is valid when it starts with a host (an http(s) URL with a host
 * name, path up to 2048 characters), a slash or a hash, or is a mailto (local
 * part up to 64 characters) or tel shortcut.
 */
export function isValidWebLink(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  const u = url.trim();
  if (u === '' || isDangerousUrl(u)) return false;
  if (u.startsWith('/') || u.startsWith('#')) return !/\s/.test(u) && u.length <= MAX_URL_PATH + 1;
  return HTTP_URL.test(u) || MAILTO.test(u) || TEL.test(u);
}

/** mailto and tel links open in a new window. */
export function opensInNewWindow(url: unknown): boolean {
  return typeof url === 'string' && /^(mailto|tel):/i.test(url.trim());
}

export type MenuTarget = '_self' | '_blank';

/** A menu item target must be _self or _blank. */
export function isValidMenuTarget(value: unknown): value is MenuTarget {
  return value === '_self' || value === '_blank';
}

/** _self or _blank; the navigation API's CurrentWindow/NewWindow are mapped, anything else is _self. */
export function normaliseMenuTarget(value: unknown): MenuTarget {
  if (isValidMenuTarget(value)) return value;
  return value === 'NewWindow' ? '_blank' : '_self';
}

export type PageReferenceType =
  | 'standard__webPage'
  | 'standard__managedContentPage'
  | 'standard__recordPage'
  | 'standard__recordRelationshipPage'
  | 'standard__objectPage'
  | 'comm__namedPage'
  | 'standard__search';

export interface PageReference {
  type: PageReferenceType | string;
  attributes?: Record<string, unknown>;
  state?: Record<string, unknown>;
}

/** The attributes each type needs, non-empty (alternatives: any one group suffices). */
const REQUIRED: Record<PageReferenceType, string[][]> = {
  standard__webPage: [['url']],
  standard__managedContentPage: [['contentTypeName', 'contentKey']],
  // A record page: object name plus record id, or (articles, products, categories) a URL name or a path.
  standard__recordPage: [['objectApiName', 'recordId'], ['urlName'], ['path']],
  standard__recordRelationshipPage: [['objectApiName', 'recordId', 'relationshipApiName']],
  standard__objectPage: [['objectApiName', 'filterName']],
  comm__namedPage: [['name']],
  standard__search: [[]],
};

function nonEmpty(v: unknown): boolean {
  return (typeof v === 'string' && v.trim() !== '') || (typeof v === 'number' && Number.isFinite(v));
}

function attr(ref: PageReference, name: string): unknown {
  // filterName lives in state for object pages in some configurations.
  return ref.attributes?.[name] ?? ref.state?.[name];
}

export interface PageReferenceCheck {
  valid: boolean;
  /** The fields missing from the closest alternative, when invalid. */
  missing: string[];
}

/** A page-reference link is valid only when the fields its type requires are non-empty. */
export function validatePageReference(ref: unknown): PageReferenceCheck {
  if (!ref || typeof ref !== 'object' || typeof (ref as PageReference).type !== 'string') {
    return { valid: false, missing: ['type'] };
  }
  const r = ref as PageReference;
  const groups = REQUIRED[r.type as PageReferenceType];
  if (!groups) return { valid: false, missing: ['type'] };
  let best: string[] | null = null;
  for (const group of groups) {
    const missing = group.filter((f) => !nonEmpty(attr(r, f)));
    if (missing.length === 0) {
      if (r.type === 'standard__webPage' && !isValidWebLink(attr(r, 'url'))) return { valid: false, missing: ['url'] };
      return { valid: true, missing: [] };
    }
    if (best === null || missing.length < best.length) best = missing;
  }
  return { valid: false, missing: best ?? [] };
}

const NAMED_PAGES: Record<string, string> = {
  home: '/',
  login: '/login',
  cart: '/cart',
  checkout: '/checkout',
  check_out: '/checkout',
  faq: '/faq',
  search: '/global-search',
  account_management: '/account-management',
  order_history: '/orders',
};

function seg(v: unknown): string {
  return encodeURIComponent(String(v).trim());
}

/** A site-relative path with no scheme or protocol-relative host. */
function sitePathOrNull(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const p = v.trim();
  return p.startsWith('/') && !p.startsWith('//') && !p.includes('\\') && !/\s/.test(p) ? p : null;
}

/** Where a link goes: an in-app path (router relative), an external URL, or nowhere. */
export interface ResolvedLink {
  kind: 'app' | 'external' | 'none';
  href: string;
  /** Opens in a new window (mailto, tel, or asked for). */
  newWindow: boolean;
}

const NONE: ResolvedLink = { kind: 'none', href: NOOP_HREF, newWindow: false };

/**
 * Resolves a page reference to where it goes in this storefront. Invalid
 * references and unsafe URLs resolve to the no-op link.
 */
export function resolvePageReference(ref: unknown): ResolvedLink {
  if (!validatePageReference(ref).valid) return NONE;
  const r = ref as PageReference;
  const a = (name: string) => attr(r, name);
  switch (r.type as PageReferenceType) {
    case 'standard__webPage': {
      const url = String(a('url')).trim();
      const newWindow = opensInNewWindow(url);
      if (url.startsWith('/') || url.startsWith('#')) return { kind: url.startsWith('#') ? 'external' : 'app', href: url, newWindow };
      return { kind: 'external', href: url, newWindow };
    }
    case 'standard__managedContentPage':
      return { kind: 'app', href: `/managed-content/${seg(a('contentTypeName'))}/${seg(a('contentKey'))}`, newWindow: false };
    case 'standard__recordPage': {
      const path = sitePathOrNull(a('path'));
      if (path) return { kind: 'app', href: path, newWindow: false };
      const object = String(a('objectApiName') ?? '').trim();
      const id = a('recordId');
      const urlName = nonEmpty(a('urlName')) ? seg(a('urlName')) : 'detail';
      if (!nonEmpty(id) && !nonEmpty(a('urlName'))) return NONE; // only an unusable path was given
      if (object === 'Product2' && nonEmpty(id)) return { kind: 'app', href: `/product/${urlName}/${seg(id)}`, newWindow: false };
      if (object === 'ProductCategory' && nonEmpty(id)) return { kind: 'app', href: `/category/${urlName}/${seg(id)}`, newWindow: false };
      if (object.endsWith('__kav') || (!nonEmpty(id) && nonEmpty(a('urlName')))) {
        return { kind: 'app', href: `/article/${urlName}`, newWindow: false };
      }
      return { kind: 'app', href: `/detail/${seg(id)}`, newWindow: false };
    }
    case 'standard__recordRelationshipPage':
      return { kind: 'app', href: `/relatedlist/${seg(a('recordId'))}/${seg(a('relationshipApiName'))}`, newWindow: false };
    case 'standard__objectPage':
      return { kind: 'app', href: `/${seg(String(a('objectApiName')).toLowerCase())}/${seg(a('filterName'))}`, newWindow: false };
    case 'comm__namedPage': {
      const name = String(a('name')).trim();
      const known = NAMED_PAGES[name.toLowerCase()];
      const href = known ?? `/${seg(name.replace(/__c$/i, '').toLowerCase().replace(/_/g, '-'))}`;
      return { kind: 'app', href, newWindow: false };
    }
    case 'standard__search': {
      const term = r.state?.term ?? a('term');
      const text = typeof term === 'string' ? term.trim() : '';
      return { kind: 'app', href: text ? `/global-search/${seg(text)}` : '/global-search', newWindow: false };
    }
  }
  return NONE;
}

/** The in-app path of a search: /global-search/{term}, the term trimmed and encoded; null when the text is not valid. */
export function searchPath(text: unknown): string | null {
  if (typeof text !== 'string' || text.trim() === '' || text.length > 255) return null;
  return `/global-search/${encodeURIComponent(text.trim())}`;
}

/** A URL name for a path segment: the given one, or one made from a name ("Ballpoint Pen, Black" → "ballpoint-pen-black"). */
export function urlNameOf(urlName: unknown, name?: unknown): string {
  if (typeof urlName === 'string' && urlName.trim() !== '') return urlName.trim();
  const slug = typeof name === 'string' ? name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') : '';
  return slug || 'detail';
}

/** /product/{urlName}/{productId} */
export function productPath(id: string, urlName?: unknown, name?: unknown): string {
  return `/product/${encodeURIComponent(urlNameOf(urlName, name))}/${encodeURIComponent(id)}`;
}

/** /category/{urlName}/{categoryId} */
export function categoryPath(id: string, urlName?: unknown, name?: unknown): string {
  return `/category/${encodeURIComponent(urlNameOf(urlName, name))}/${encodeURIComponent(id)}`;
}
