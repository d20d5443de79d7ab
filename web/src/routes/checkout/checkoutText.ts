// What a failed checkout call says to the buyer: the server's own message when it sent one
// (a checkout error's detail or title, a REST error's message), else the caller's fallback.

import { ClientError, FetchError, InternalErrorCode } from '../../data/errors';
import type { CheckoutError } from '../../data/checkoutApi';

export function checkoutErrorText(err: unknown, fallback: string): string {
  if (err instanceof FetchError) {
    if (err.status === 0 || err.status >= 500) return fallback;
    const body = err.body as { errors?: CheckoutError[] } | CheckoutError[] | undefined;
    const list = Array.isArray(body) ? body : body?.errors;
    const first = list?.[0] as (CheckoutError & { message?: string }) | undefined;
    return first?.detail || first?.message || first?.title || err.errors[0]?.message || fallback;
  }
  if (err instanceof ClientError && err.message && err.message !== err.code) return err.message;
  return fallback;
}

export function isInventoryFailure(err: unknown): boolean {
  return err instanceof ClientError && err.code === InternalErrorCode.INSUFFICIENT_INVENTORY;
}

/** The first error of a payment or checkout answer, as text. */
export function firstErrorText(errors: CheckoutError[] | undefined, fallback: string): string {
  const e = errors?.[0] as (CheckoutError & { message?: string }) | undefined;
  return e?.detail || e?.message || e?.title || fallback;
}
