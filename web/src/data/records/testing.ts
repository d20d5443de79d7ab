// Test helpers for the records layer: a fake UI API behind fetch, and record builders. Unit tests only.
import { afterEach, beforeEach, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../testing';
import type { RecordRep } from './store';

export interface UiApiCall {
  method: string;
  /** Below /services/data/v64.0/ui-api/ ('records/001...'). */
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
  /** Date.now() when sent (fake under fake timers). */
  at: number;
}

export type Reply = Response | Promise<Response> | undefined;

/** Installs fetch answering like the UI API through handle (404 when it answers nothing); returns the calls. */
export function uiApiServer(handle: (call: UiApiCall) => Reply) {
  const calls: UiApiCall[] = [];
  const mock = mockFetch((url, init) => {
    const u = new URL(url, 'http://test');
    const { headers, body } = mock.calls[mock.calls.length - 1];
    const call = { method: init.method ?? 'GET', path: u.pathname.replace(/^.*\/ui-api\//, ''), query: u.searchParams, body, headers, at: Date.now() };
    calls.push(call);
    return handle(call) ?? notFound();
  });
  return calls;
}

export function notFound(): Response {
  return jsonResponse([{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }], { status: 404 });
}

export { jsonResponse };

/** A record as the UI API answers it: fields given as name -> value (displayValue null), or nested records. */
export function rec(id: string, fields: Record<string, unknown>, weakEtag = 1, apiName = 'Account'): RecordRep {
  const out: RecordRep['fields'] = {};
  for (const [k, v] of Object.entries(fields)) out[k] = { value: v, displayValue: null };
  return { apiName, id, eTag: `e${weakEtag}`, weakEtag, fields: out, systemModstamp: new Date(weakEtag).toISOString() };
}

/** A promise with its resolve exposed: answers a request when the test says so. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export const ACC1 = '001xx000003Gn4WAAS';
export const ACC2 = '001xx000003Gn4XAAS';
export const CON1 = '003xx000004TmiQAAS';
export const USER1 = '005xx000001XL1tAAG';

/** Every test of the calling file runs on fake timers from 2026-01-01 and ends with fetch restored. */
export function withFakeClock() {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
