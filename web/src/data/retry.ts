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

/** 409 (conflict) and aborted requests are never retried. */
export function isRetryable(err: unknown): boolean {
  if (isAbortError(err)) return false;
  if (err instanceof FetchError && err.status === 409) return false;
  return true;
}

/**
 * Runs fn up to 3 times, 4000 ms apart, while it fails with a retryable error.
 * The last error is rethrown.
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
      await delay(delayMs);
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
