// TanStack Query hooks over the data layer: what components use. Query options come from
// factories (queryOptions), one per query, so that a hook, a prefetch and a test build the same
// key, function and lifetime; the hooks only add who is viewing and when a query may run.

import { useSyncExternalStore } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSessionContextOrGuest, getSite, login, type LoginResult, type SessionContext, type Site } from './api';
import { getApplicationContext, type ApplicationContext } from './appContext';
import { getEffectiveAccount, subscribeEffectiveAccount, type EffectiveAccount } from './effectiveAccount';

export const queryKeys = {
  site: ['site'] as const,
  session: (effectiveAccountId: string | null) => ['session-context', effectiveAccountId] as const,
  sessionAll: ['session-context'] as const,
  applicationContext: ['application-context'] as const,
};

export const sessionQueries = {
  /** The site bootstrap (GET /api/site); loaded once per page. */
  site: () =>
    queryOptions<Site>({
      queryKey: queryKeys.site,
      queryFn: ({ signal }) => getSite({ signal }),
      staleTime: Infinity,
      gcTime: Infinity,
      retry: 1,
    }),
  /** The visitor's session for an effective account; a session that fails to load counts as a guest. */
  session: (effectiveAccountId: string | null) =>
    queryOptions<SessionContext>({
      queryKey: queryKeys.session(effectiveAccountId),
      queryFn: ({ signal }) => getSessionContextOrGuest({ signal }),
      staleTime: 60_000,
    }),
  /** The store settings; the data layer keeps them for the server's max-age (appContext.ts). */
  applicationContext: () =>
    queryOptions<ApplicationContext>({
      queryKey: queryKeys.applicationContext,
      queryFn: () => getApplicationContext(),
    }),
};

/** The site bootstrap (GET /api/site); loaded once per page. */
export function useSite() {
  return useQuery(sessionQueries.site());
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
  return useQuery({
    ...sessionQueries.session(account?.id ?? null),
    enabled,
    // Switching the effective account changes the key: the same visitor's session stays on
    // screen while the new one loads, so the header's buyer controls (and focus) are kept.
    placeholderData: keepPreviousData,
  });
}

/** Who is viewing: what every answer that depends on the visitor is keyed by. */
export interface Viewer {
  /** The session is known (until then nothing viewer-scoped is asked for). */
  ready: boolean;
  /** A signed-in buyer (false for a guest and while the session loads). */
  buyer: boolean;
  /** A guest, as the session says (false while it loads). */
  guest: boolean;
  /** The buyer's user id; null for a guest. */
  userId: string | null;
  /** The effective account stored for this tab (a guest's too: every call carries it). */
  accountId: string | null;
  /** [user, accountId]: the part of a query key that makes logging in, out and switching accounts ask again. */
  key: ViewerKey;
}

export type ViewerKey = readonly [userId: string | null, accountId: string | null];

/** The one place that works out who is viewing (the session's user and the effective account). */
export function useViewer(): Viewer {
  const session = useSession();
  const account = useEffectiveAccount();
  const buyer = session.data?.guestUser === false;
  const userId = buyer ? (session.data?.userId ?? null) : null;
  const accountId = account?.id ?? null;
  return {
    ready: session.isSuccess,
    buyer,
    guest: session.data?.guestUser === true,
    userId,
    accountId,
    // A buyer whose session names no user still differs from a guest.
    key: [buyer ? (userId ?? '') : null, accountId] as const,
  };
}

/** The store settings (cached by the data layer for the server's max-age). */
export function useApplicationContext(enabled = true) {
  return useQuery({ ...sessionQueries.applicationContext(), enabled });
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
