// Error types and error normalisation (spec/storefront.md section 8).

/** One entry of a failed call's errors list. */
export interface ApiErrorEntry {
  /** The error code: `errorCode` of a REST error, `type` of a checkout error. */
  type?: string;
  message?: string;
  arguments?: unknown;
}

/** A failed call: url, HTTP status, status text and the normalised errors list. */
export class FetchError extends Error {
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  readonly errors: ApiErrorEntry[];
  /** The parsed body as the server sent it (JSON value or text). */
  readonly body: unknown;
  /** Retry-After in seconds when the server sent one (429, 503). */
  readonly retryAfter: number | null;

  constructor(init: {
    url: string;
    status: number;
    statusText: string;
    errors: ApiErrorEntry[];
    body?: unknown;
    retryAfter?: number | null;
  }) {
    super(init.errors[0]?.message || init.statusText || `HTTP ${init.status}`);
    this.name = 'FetchError';
    this.url = init.url;
    this.status = init.status;
    this.statusText = init.statusText;
    this.errors = init.errors;
    this.body = init.body;
    this.retryAfter = init.retryAfter ?? null;
  }
}

export const UNKNOWN_ERROR = 'UNKNOWN_ERROR';
export const CART_VALIDATION_ERROR = 'CART_VALIDATION_ERROR';

/** Internal error codes named by the spec. */
export const InternalErrorCode = {
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SSR_NO_POLLING: 'SSR_NO_POLLING',
  SSR_FAST_CHECKOUT: 'SSR_FAST_CHECKOUT',
  SSR_CHECKOUT_RETRY: 'SSR_CHECKOUT_RETRY',
  INSUFFICIENT_INVENTORY: 'INSUFFICIENT_INVENTORY',
  NULL_CHECKOUTID: 'NULL_CHECKOUTID',
  SESSION_NOT_LOADED: 'SESSION_NOT_LOADED',
} as const;

export const ASYNC_MAX_WAIT_EXCEEDED = 'async maximum wait exceeded';

/**
 * A failure the client layer raises itself, with no HTTP answer behind it: an internal
 * code (SSR_NO_POLLING...) or a spec message used as a code ('async maximum wait exceeded').
 * A class of its own so that the normalisers keep the code instead of UNKNOWN_ERROR.
 */
export class ClientError extends Error {
  readonly code: string;

  constructor(code: string, message: string = code) {
    super(message);
    this.name = 'ClientError';
    this.code = code;
  }
}

/** A commerce error as components see it. */
export interface CommerceError {
  code: string;
  message?: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function entryFrom(v: unknown): ApiErrorEntry | null {
  if (typeof v === 'string') return { message: v };
  if (!isRecord(v)) return null;
  const entry: ApiErrorEntry = {};
  // REST errors use errorCode; checkout errors (RFC 7807-like) use type + title/detail.
  const type = str(v.errorCode) ?? str(v.type);
  const message = str(v.message) ?? str(v.detail) ?? str(v.title);
  if (type !== undefined) entry.type = type;
  if (message !== undefined) entry.message = message;
  if (v.arguments !== undefined) entry.arguments = v.arguments;
  else if (v.invalidParameters !== undefined) entry.arguments = v.invalidParameters;
  else if (v.fields !== undefined) entry.arguments = v.fields;
  return entry.type === undefined && entry.message === undefined ? null : entry;
}

/**
 * Turns an error body into an errors list. Accepted shapes:
 * - a top-level array `[{"errorCode": "...", "message": "..."}]` (REST errors);
 * - a checkout error `{type, title, detail, ...}`;
 * - an object with an `errors` array of either of the above;
 * - an object with a `message` (e.g. the closed-cart error), or plain text.
 */
export function parseErrorsList(body: unknown): ApiErrorEntry[] {
  if (Array.isArray(body)) {
    return body.map(entryFrom).filter((e): e is ApiErrorEntry => e !== null);
  }
  if (isRecord(body)) {
    if (Array.isArray(body.errors) && body.errors.length > 0) {
      return parseErrorsList(body.errors);
    }
    const entry = entryFrom(body);
    return entry ? [entry] : [];
  }
  if (typeof body === 'string' && body.trim() !== '') {
    return [{ message: body.trim() }];
  }
  return [];
}

/** True for an aborted request (AbortController / AbortSignal.timeout). */
export function isAbortError(err: unknown): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    'name' in err &&
    ((err as { name: unknown }).name === 'AbortError' ||
      (err as { name: unknown }).name === 'TimeoutError')
  );
}

function firstEntry(err: unknown): ApiErrorEntry | undefined {
  if (err instanceof FetchError) return err.errors[0];
  if (isRecord(err) && Array.isArray(err.errors)) return parseErrorsList(err.errors)[0];
  return undefined;
}

/**
 * Normalises a failed commerce call to {code, message}: the code is the type
 * (errorCode) of the first entry of the errors list, UNKNOWN_ERROR when there is none.
 */
export function normaliseCommerceError(err: unknown): CommerceError {
  if (err instanceof ClientError) return { code: err.code, message: err.message };
  const entry = firstEntry(err);
  if (entry) {
    return { code: entry.type ?? UNKNOWN_ERROR, message: entry.message };
  }
  const message = err instanceof Error && err.message ? err.message : undefined;
  return message === undefined ? { code: UNKNOWN_ERROR } : { code: UNKNOWN_ERROR, message };
}

/**
 * Normalises a failed cart call: only CART_VALIDATION_ERROR keeps its message;
 * for every other error the message is used as the code (UNKNOWN_ERROR when
 * the server sent neither a message nor a type). A ClientError keeps its code
 * (SSR_NO_POLLING, 'async maximum wait exceeded').
 */
export function normaliseCartError(err: unknown): CommerceError {
  if (err instanceof ClientError) return { code: err.code };
  const entry = firstEntry(err);
  if (entry?.type === CART_VALIDATION_ERROR) {
    return { code: CART_VALIDATION_ERROR, message: entry.message };
  }
  if (entry) {
    return { code: entry.message ?? entry.type ?? UNKNOWN_ERROR };
  }
  return { code: UNKNOWN_ERROR };
}
