// TanStack Query hooks over the data layer: what components use.

import { useSyncExternalStore } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSessionContextOrGuest, getSite, login, type LoginResult, type SessionContext, type Site } from './api';
import { getApplicationContext, type ApplicationContext } from './appContext';
import { getEffectiveAccount, subscribeEffectiveAccount, type EffectiveAccount } from './effectiveAccount';

export const queryKeys = {
  site: ['site'] as const,
  session: (effectiveAccountId: string | null) => ['session-context', effectiveAccountId] as const,
  sessionAll: ['session-context'] as const,
  applicationContext: ['application-context'] as const,
};

/** The site bootstrap (GET /api/site); loaded once per page. */
export function useSite() {
  return useQuery<Site>({
    queryKey: queryKeys.site,
    queryFn: ({ signal }) => getSite({ signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
}

let cachedAccount: EffectiveAccount | null = null;
function accountSnapshot(): EffectiveAccount | null {
  const next = getEffectiveAccount();
  if (next?.id === cachedAccount?.id && next?.name === cachedAccount?.name) return cachedAccount;
  cachedAccount = next;
  return next;
}

/** The effective account stored for this tab; re-renders when it changes. */
export function useEffectiveAccount(): EffectiveAccount | null {
  return useSyncExternalStore(subscribeEffectiveAccount, accountSnapshot, () => null);
}

/**
 * The visitor's session; a session that fails to load counts as a guest.
 * Needs the site loaded first (it sets the webstore id).
 */
export function useSession(enabled = true) {
  const account = useEffectiveAccount();
  return useQuery<SessionContext>({
    queryKey: queryKeys.session(account?.id ?? null),
    queryFn: ({ signal }) => getSessionContextOrGuest({ signal }),
    enabled,
    staleTime: 60_000,
    // Switching the effective account changes the key: the same visitor's session stays on
    // screen while the new one loads, so the header's buyer controls (and focus) are kept.
    placeholderData: keepPreviousData,
  });
}

/** The store settings (cached by the data layer for the server's max-age). */
export function useApplicationContext(enabled = true) {
  return useQuery<ApplicationContext>({
    queryKey: queryKeys.applicationContext,
    queryFn: ({ signal }) => getApplicationContext({ signal }),
    enabled,
  });
}

/** Logs in; on success the session is reloaded. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation<LoginResult, unknown, { username: string; password: string }>({
    mutationFn: ({ username, password }) => login(username, password),
    retry: false,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.sessionAll });
    },
  });
}
