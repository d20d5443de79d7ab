// What a failed cart call says to the shopper. normaliseCartError (spec section 8) keeps the
// message of a CART_VALIDATION_ERROR and turns any other server message into the code; codes
// that are not sentences (UNKNOWN_ERROR, the client's internal codes) and server failures get
// the caller's plain fallback instead.

import { ASYNC_MAX_WAIT_EXCEEDED, CART_VALIDATION_ERROR, FetchError, InternalErrorCode, UNKNOWN_ERROR, normaliseCartError } from '../../data/errors';

const NOT_A_SENTENCE = new Set<string>([UNKNOWN_ERROR, ASYNC_MAX_WAIT_EXCEEDED, ...Object.values(InternalErrorCode)]);

export function cartErrorText(err: unknown, fallback: string): string {
  if (err instanceof FetchError && (err.status === 0 || err.status >= 500)) return fallback;
  const e = normaliseCartError(err);
  if (e.code === CART_VALIDATION_ERROR) return e.message?.trim() || fallback;
  if (NOT_A_SENTENCE.has(e.code) || e.code.trim() === '') return fallback;
  return e.code;
}
