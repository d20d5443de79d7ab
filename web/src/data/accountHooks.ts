// TanStack Query hooks of the account switcher (spec sections 3 and 4 "Effective account"): the
// accounts a buyer manages, and choosing the one they buy for, which reloads everything that
// depends on it.

import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { chooseEffectiveAccount, getManagedAccounts, type EffectiveAccountSummary } from './accounts';
import { addressKeys } from './addressHooks';
import { catalogKeys } from './catalogHooks';
import { invalidateCart } from './cartHooks';
import { headerKeys } from './headerHooks';
import { queryKeys, useViewer } from './hooks';
import { rememberRecentAccount } from './recentAccounts';

export const accountKeys = {
  all: ['managed-accounts'] as const,
  /** The list does not depend on the effective account, only on who asks and the search. */
  managed: (userId: string | null, search: string) => ['managed-accounts', userId, search] as const,
};

/** Above this many accounts the switcher searches on the server; below, in the loaded list. */
export const LOCAL_SEARCH_LIMIT = 200;

export const accountQueries = {
  /**
   * The accounts the signed-in buyer may buy for, their own first (includeMyAccount=true); with a
   * search, only those whose name contains it (the server's q).
   */
  managed: (userId: string | null, search: string) =>
    queryOptions<EffectiveAccountSummary[]>({
      queryKey: accountKeys.managed(userId, search),
      queryFn: ({ signal }) => getManagedAccounts({ includeMyAccount: true, search, signal }),
      staleTime: 300_000,
      retry: false,
    }),
};

/** The viewer's managed accounts. Off for guests. */
export function useManagedAccounts(options: { search?: string; enabled?: boolean } = {}) {
  const viewer = useViewer();
  return useQuery({
    ...accountQueries.managed(viewer.userId, options.search?.trim() ?? ''),
    enabled: (options.enabled ?? true) && viewer.buyer,
  });
}

/**
 * Marks every account-scoped query stale, so that what is on screen reloads for the new account
 * and what was cached for another account is not shown again without asking (the keys already
 * carry the account id: this covers switching back to an account seen before).
 */
export async function invalidateAccountScoped(client: QueryClient): Promise<void> {
  await Promise.all([
    invalidateCart(client),
    client.invalidateQueries({ queryKey: catalogKeys.all }),
    client.invalidateQueries({ queryKey: queryKeys.sessionAll }),
    client.invalidateQueries({ queryKey: headerKeys.menuAll }),
    client.invalidateQueries({ queryKey: ['search-suggestions'] }),
    client.invalidateQueries({ queryKey: addressKeys.all }),
  ]);
}

/**
 * Choosing the account to buy for: stores it (session storage, through the effective account
 * store), remembers it among the user's recent accounts, and reloads the account-scoped queries.
 */
export function useChooseAccount() {
  const client = useQueryClient();
  const { userId } = useViewer();
  return useCallback(
    (account: Pick<EffectiveAccountSummary, 'id' | 'name'>) => {
      chooseEffectiveAccount(account);
      rememberRecentAccount(userId, account);
      return invalidateAccountScoped(client);
    },
    [client, userId],
  );
}
