import { QueryClient } from '@tanstack/react-query';
import { isAbortError } from './data';
import { FetchError } from './data/errors';

/** Query defaults: client errors (4xx) are not retried by the query layer. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (count, err) => {
          if (isAbortError(err)) return false;
          if (err instanceof FetchError && err.status >= 400 && err.status < 500) return false;
          return count < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
