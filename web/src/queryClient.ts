import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from './data';

/** Query defaults: only what can change on a retry is retried (the data layer's rule: never a 4xx but 408 and 429). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (count, err) => count < 2 && isRetryable(err),
      },
      mutations: { retry: false },
    },
  });
}
