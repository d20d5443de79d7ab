import { QueryClient } from '@tanstack/react-query';
import { isRetryable, RETRY_ATTEMPTS, RETRY_DELAY_MS, retryDelay } from './data';

/**
 * Query defaults. Retries follow the spec's rule (retry.ts), carried by the library: only what a
 * retry can change (never a 4xx but 408 and 429), 3 attempts, 4000 ms apart or the server's
 * Retry-After when longer, and none when the server asks for more than the client waits out.
 * Mutations are not retried here: a cart change is retried by the data layer's call, under its queue.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // failures counts the failed attempts before this one: 0 after the first.
        retry: (failures, err) => failures < RETRY_ATTEMPTS - 1 && isRetryable(err) && retryDelay(err, RETRY_DELAY_MS) !== null,
        retryDelay: (_, err) => retryDelay(err, RETRY_DELAY_MS) ?? 0,
      },
      mutations: { retry: false },
    },
  });
}
