// Retry and cart polling schedules (spec sections 4 and 9).

import { ASYNC_MAX_WAIT_EXCEEDED, ClientError, FetchError, isAbortError } from './errors';

export const RETRY_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 4000;
export const MAX_POLLING_ATTEMPTS = 14;

export type Delay = (ms: number) => Promise<void>;

export const sleep: Delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  attempts?: number;
  delayMs?: number;
  /** Injectable wait, for tests. */
  delay?: Delay;
}

/** The longest Retry-After the client waits out: a buyer is looking at a disabled button meanwhile. */
export const MAX_RETRY_AFTER_MS = 30_000;

/**
 * Whether a failed call can go differently when sent again: only a failure of the way there
 * (a network failure, status 0; a timeout, 408), an overloaded or failing server (429, 5xx).
 * An answer that judges the request itself (400, 401, 403, 404, 422...) is final, and so is a
 * conflict (409, which the spec never retries), an aborted request and a failure the client
 * raised itself.
 */
export function isRetryable(err: unknown): boolean {
  if (isAbortError(err) || !(err instanceof FetchError)) return false;
  const { status } = err;
  return status === 0 || status === 408 || status === 429 || (status >= 500 && status !== 501);
}

/**
 * The wait before the next attempt after err: the spec's 4000 ms, or the server's Retry-After
 * when it asks for longer (429, 503). null: the server asks for more than MAX_RETRY_AFTER_MS,
 * so the error is shown now instead.
 */
export function retryDelay(err: unknown, delayMs: number): number | null {
  const after = err instanceof FetchError && err.retryAfter !== null ? err.retryAfter * 1000 : 0;
  if (after > MAX_RETRY_AFTER_MS) return null;
  return Math.max(delayMs, after);
}

/**
 * Runs fn up to 3 times, 4000 ms apart (or the server's Retry-After), while it fails with a
 * retryable error (isRetryable). The last error is rethrown.
 */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? RETRY_ATTEMPTS;
  const delayMs = options.delayMs ?? RETRY_DELAY_MS;
  const delay = options.delay ?? sleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
      const wait = retryDelay(err, delayMs);
      if (wait === null) throw err;
      await delay(wait);
    }
  }
}

/**
 * The wait before polling attempt n (1-based):
 * attempts 1-4 wait 0 ms; 5-8 wait 100 ms x (n - 4); 9-14 wait 750 ms doubled
 * once for each step after 8 (1500, 3000, ... 48000 ms). Beyond 14 it throws
 * 'async maximum wait exceeded'.
 */
export function pollingDelay(attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 1) {
    throw new RangeError(`invalid polling attempt ${attempt}`);
  }
  if (attempt <= 4) return 0;
  if (attempt <= 8) return 100 * (attempt - 4);
  if (attempt <= MAX_POLLING_ATTEMPTS) return 750 * 2 ** (attempt - 8);
  throw new ClientError(ASYNC_MAX_WAIT_EXCEEDED);
}

/**
 * Calls load until isDone accepts its result, waiting pollingDelay(n) before
 * attempt n. Fails with 'async maximum wait exceeded' after 14 attempts.
 */
export async function pollUntil<T>(
  load: (attempt: number) => Promise<T>,
  isDone: (value: T) => boolean,
  options: { delay?: Delay } = {},
): Promise<T> {
  const delay = options.delay ?? sleep;
  for (let attempt = 1; ; attempt++) {
    const wait = pollingDelay(attempt); // throws beyond the last attempt
    if (wait > 0) await delay(wait);
    const value = await load(attempt);
    if (isDone(value)) return value;
  }
}
