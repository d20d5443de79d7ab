// Test helpers: a fetch mock that records calls. Used by unit tests only.
import { vi } from 'vitest';
import { clearApplicationContextCache } from './appContext';
import { resetCartStatus } from './cartStatus';
import { resetConfig } from './config';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) },
  });
}

/** Installs a fetch mock answering with the given responder; returns the recorded calls. */
export function mockFetch(responder: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => {
      headers[k] = v;
    });
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
    });
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    return responder(url, init);
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** Forgets everything the client layer keeps between tests: config, both storages, cookies, the app-context cache, the cart status. */
export function resetClientState(): void {
  resetConfig();
  sessionStorage.clear();
  localStorage.clear();
  resetCartStatus();
  clearCookies();
  clearApplicationContextCache();
}

/** A call as a fake commerce server sees it: path below the webstore, query, method, body, headers. */
export interface CommerceCall {
  method: string;
  /** The path below /services/data/v64.0/commerce/webstores/{id}/ ('carts/current/cart-items'). */
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Installs fetch answering like the commerce API: GET application-context answers appContext,
 * everything else goes to handle (404 when it answers nothing). Returns the recorded calls
 * other than application-context, with the time (Date.now(), fake under fake timers) of each.
 */
export function commerceServer(
  appContext: object,
  handle: (call: CommerceCall) => Response | Promise<Response> | undefined,
) {
  const seen: (CommerceCall & { url: string; at: number })[] = [];
  const mock = mockFetch((url, init) => {
    const u = new URL(url, 'http://test');
    const path = u.pathname.replace(/^.*\/commerce\/webstores\/[^/]+\//, '');
    if (path === 'application-context') return jsonResponse(appContext);
    const { headers, body } = mock.calls[mock.calls.length - 1];
    const call = { method: init.method ?? 'GET', path, query: u.searchParams, body, headers };
    seen.push({ ...call, url, at: Date.now() });
    return handle(call) ?? jsonResponse([{ errorCode: 'NOT_FOUND', message: `no route ${path}` }], { status: 404 });
  });
  return { ...mock, seen };
}
