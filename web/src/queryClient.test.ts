import { describe, expect, it } from 'vitest';
import { FetchError } from './data';
import { createQueryClient } from './queryClient';

const failure = (status: number, retryAfter: number | null = null) =>
  new FetchError({ url: '/x', status, statusText: '', errors: [], retryAfter });

describe('query retries (spec section 4: 3 attempts, 4000 ms apart)', () => {
  const { retry, retryDelay } = createQueryClient().getDefaultOptions().queries as {
    retry: (failures: number, err: unknown) => boolean;
    retryDelay: (failures: number, err: unknown) => number;
  };

  it('retries what can change twice, 4000 ms apart or after the longer Retry-After', () => {
    expect([0, 1, 2].map((n) => retry(n, failure(503)))).toEqual([true, true, false]);
    expect(retry(0, failure(0))).toBe(true);
    expect(retry(0, failure(429))).toBe(true);
    expect(retryDelay(0, failure(503))).toBe(4000);
    expect(retryDelay(0, failure(503, 10))).toBe(10_000);
  });

  it('never retries a refusal, a conflict or a Retry-After beyond what the client waits out', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 501]) expect(retry(0, failure(status))).toBe(false);
    expect(retry(0, failure(503, 31))).toBe(false);
    expect(retry(0, new Error('client'))).toBe(false);
  });
});
