// The one place that calls fetch. Every call of the app goes through request().

import { QueryClient } from '@tanstack/react-query';
import { API_VERSION, getWebstoreId, sitePath } from './config';
import { getEffectiveAccountId } from './effectiveAccount';
import { FetchError, isAbortError, parseErrorsList } from './errors';

/**
 * The data layer's own TanStack Query client, for what it keeps outside components: the
 * application context cache (appContext.ts) and the cart mutation queue (cartStatus.ts). Nothing
 * here retries (the layer's own calls do, retry.ts) and nothing waits for the browser to say it
 * is online: an offline call fails as the spec says instead of pausing.
 */
export const layerClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, gcTime: Infinity, networkMode: 'always' },
    mutations: { retry: false, gcTime: 0, networkMode: 'always' },
  },
});

export const CSRF_COOKIE = 'sf_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  method?: string;
  /** Query parameters; null and undefined values are left out. */
  query?: Query;
  /** A JSON body (serialised here). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface JsonResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** Reads one cookie visible to scripts (document.cookie). */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

function appendQuery(url: string, query: Query | undefined): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === null || v === undefined) continue;
    params.append(k, String(v));
  }
  const qs = params.toString();
  if (qs === '') return url;
  return url + (url.includes('?') ? '&' : '?') + qs;
}

/** A site URL: base path + path + query. */
export function siteUrl(path: string, query?: Query): string {
  return appendQuery(sitePath(path), query);
}

export interface CommerceUrlOptions {
  /** Add effectiveAccountId when one is set (default true). */
  effectiveAccount?: boolean;
}

/**
 * A commerce URL: {base}/services/data/v64.0/commerce/webstores/{webstoreId}/{path},
 * with the effective account id added as a query parameter when one is set.
 */
export function commerceUrl(path: string, query?: Query, options: CommerceUrlOptions = {}): string {
  const rel = path.replace(/^\/+/, '');
  const base = sitePath(
    `/services/data/${API_VERSION}/commerce/webstores/${encodeURIComponent(getWebstoreId())}/${rel}`,
  );
  const q: Query = { ...query };
  if (options.effectiveAccount !== false && q.effectiveAccountId === undefined) {
    const id = getEffectiveAccountId();
    if (id) q.effectiveAccountId = id;
  }
  return appendQuery(base, q);
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const n = Number(value);
  if (Number.isFinite(n) && n >= 0) return n;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.round((date - Date.now()) / 1000));
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (text === '') return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Sends a request with the session cookie, the CSRF header on every method
 * other than GET and HEAD, and JSON in and out. A response that is not ok
 * (unless opaque) throws a FetchError; an aborted request rethrows the abort error.
 */
export async function request<T>(url: string, options: RequestOptions = {}): Promise<JsonResponse<T>> {
  const method = (options.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  if (method !== 'GET' && method !== 'HEAD') {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  const fullUrl = appendQuery(url, options.query);

  let res: Response;
  try {
    res = await fetch(fullUrl, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (err) {
    if (isAbortError(err) || options.signal?.aborted) {
      throw isAbortError(err) ? err : new DOMException('The operation was aborted.', 'AbortError');
    }
    // Network failure: no status.
    throw new FetchError({
      url: fullUrl,
      status: 0,
      statusText: err instanceof Error ? err.message : 'Network error',
      errors: [],
    });
  }

  let data: unknown;
  try {
    data = await readBody(res);
  } catch (err) {
    if (isAbortError(err)) throw err;
    data = undefined;
  }

  if (!res.ok && res.type !== 'opaque') {
    throw new FetchError({
      url: fullUrl,
      status: res.status,
      statusText: res.statusText,
      errors: parseErrorsList(data),
      body: data,
      retryAfter: parseRetryAfter(res.headers.get('retry-after')),
    });
  }
  return { data: data as T, status: res.status, headers: res.headers };
}

/** request() returning only the parsed body. */
export async function requestJson<T>(url: string, options: RequestOptions = {}): Promise<T> {
  return (await request<T>(url, options)).data;
}
