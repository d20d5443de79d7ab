// Typed calls of the bootstrap, session and authentication.

import { normaliseBasePath, setBasePath, setSiteLanguage, setWebstoreId, sitePath } from './config';
import { clearEffectiveAccount, getEffectiveAccount } from './effectiveAccount';
import { FetchError, isAbortError } from './errors';
import { commerceUrl, request, requestJson } from './http';

/** GET /api/site: what the app needs to start. */
export interface Site {
  webstoreId: string;
  communityId: string;
  siteId: string;
  language: string;
  locale: string;
  basePath: string;
  storeName: string;
  /** Header look (store settings): #RRGGBB colours and the logo's CMS content key ('' for none). */
  headerBackgroundColor?: string;
  promoBarBackgroundColor?: string;
  logoContentKey?: string;
  /** The cart badge's login-state container shows to guests too (the site shows it where the store keeps guest carts). */
  cartShowToGuest?: boolean;
}

/**
 * A signed-in user who acts for no account: store staff (the server's staff users belong to no account; every
 * buyer belongs to one). Staff browse the store but have no cart, addresses or orders, and do not buy.
 */
export function isStaffSession(session: SessionContext | null | undefined): boolean {
  return session?.guestUser === false && !session.accountId;
}

/**
 * Loads the site bootstrap. /api/site is asked at the origin root first; if
 * that answers 404 and the page is under a path, {firstSegment}/api/site is
 * tried. The answer's basePath and webstoreId then configure every later call.
 */
export async function getSite(options: { signal?: AbortSignal; pathname?: string } = {}): Promise<Site> {
  const candidates = ['/api/site'];
  const pathname = options.pathname ?? (typeof location === 'undefined' ? '/' : location.pathname);
  const first = pathname.split('/').filter(Boolean)[0];
  if (first && first !== 'api') candidates.push(`/${first}/api/site`);

  let lastError: unknown;
  for (const url of candidates) {
    try {
      const site = await requestJson<Site>(url, { signal: options.signal });
      const normalised: Site = { ...site, basePath: normaliseBasePath(site.basePath) };
      setBasePath(normalised.basePath);
      setWebstoreId(normalised.webstoreId);
      setSiteLanguage(normalised.language || normalised.locale);
      return normalised;
    } catch (err) {
      lastError = err;
      if (!(err instanceof FetchError && err.status === 404)) throw err;
    }
  }
  throw lastError;
}

export interface UserProfile {
  userName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

export interface BuyerGroup {
  id: string;
  name: string;
}

export interface SessionContext {
  guestUser: boolean;
  userId: string | null;
  userName: string | null;
  accountId: string | null;
  accountName: string | null;
  profile: UserProfile | null;
  buyerGroups: BuyerGroup[];
  /** The effective account stored on this tab (not sent by the server). */
  effectiveAccountId: string | null;
  effectiveAccountName: string | null;
}

/** The session of a visitor who is not signed in, or whose session failed to load. */
export const GUEST_SESSION: SessionContext = Object.freeze({
  guestUser: true,
  userId: null,
  userName: null,
  accountId: null,
  accountName: null,
  profile: null,
  buyerGroups: [],
  effectiveAccountId: null,
  effectiveAccountName: null,
}) as SessionContext;

/** An all-zero account id (000000000000000, 000000000000000AAA) counts as none. */
export function normaliseAccountId(id: unknown): string | null {
  if (typeof id !== 'string' || id.trim() === '') return null;
  if (/^0{15}(AAA)?$/.test(id)) return null;
  return id;
}

interface RawSessionContext {
  guestUser?: boolean;
  userId?: string | null;
  userName?: string | null;
  accountId?: string | null;
  accountName?: string | null;
  profile?: UserProfile | null;
  buyerGroups?: BuyerGroup[] | null;
}

/** GET session-context (with effectiveAccountId when one is set). */
export async function getSessionContext(options: { signal?: AbortSignal } = {}): Promise<SessionContext> {
  const raw = await requestJson<RawSessionContext>(commerceUrl('session-context'), { signal: options.signal });
  const guest = raw?.guestUser !== false;
  const account = getEffectiveAccount();
  return {
    guestUser: guest,
    userId: raw?.userId ?? null,
    userName: raw?.userName ?? null,
    accountId: normaliseAccountId(raw?.accountId),
    accountName: raw?.accountName ?? null,
    profile: raw?.profile ?? null,
    buyerGroups: Array.isArray(raw?.buyerGroups) ? raw.buyerGroups : [],
    effectiveAccountId: guest ? null : (account?.id ?? null),
    effectiveAccountName: guest ? null : (account?.name ?? null),
  };
}

/**
 * The session for the page header: a failure to load it makes the visitor a
 * guest (spec section 8). Aborts are still surfaced. When the server refuses
 * the stored effective account (403), that account is forgotten and the
 * session is asked again without it.
 */
export async function getSessionContextOrGuest(options: { signal?: AbortSignal } = {}): Promise<SessionContext> {
  try {
    return await getSessionContext(options);
  } catch (err) {
    if (isAbortError(err)) throw err;
    if (err instanceof FetchError && err.status === 403 && getEffectiveAccount()) {
      clearEffectiveAccount();
      return getSessionContextOrGuest(options);
    }
    return GUEST_SESSION;
  }
}

export interface LoginResult {
  userId: string;
}

/**
 * POST {base}/api/auth/login. The server sets the session and CSRF cookies.
 * Failures throw a FetchError (401 INVALID_LOGIN, 429 REQUEST_LIMIT_EXCEEDED...).
 * A new session starts without an effective account.
 */
export async function login(username: string, password: string, options: { signal?: AbortSignal } = {}): Promise<LoginResult> {
  const result = await requestJson<LoginResult>(sitePath('/api/auth/login'), {
    method: 'POST',
    body: { username, password },
    signal: options.signal,
  });
  clearEffectiveAccount();
  return result;
}

/** The server's logout route, at the site root: {base}/logout. */
export function logoutUrl(): string {
  return sitePath('/logout');
}

/**
 * Logs out: forgets the effective account, ends the session with a POST to
 * the server's logout route (carrying the CSRF token, as every POST does), then
 * loads the site root (a full page navigation). Should the POST fail, the
 * browser goes to {base}/logout instead, whose page signs out with a form.
 */
export async function logout(navigate: (url: string) => void = (url) => window.location.assign(url)): Promise<void> {
  clearEffectiveAccount();
  try {
    await request(logoutUrl(), { method: 'POST' });
  } catch {
    navigate(logoutUrl());
    return;
  }
  navigate(sitePath('/'));
}
