// TanStack Query hooks of the page header: menus, logo and cart count.

import { useQuery } from '@tanstack/react-query';
import { getCartCountSummary, type CartCountSummary } from './cart';
import { cartKeys } from './cartHooks';
import { getLogo, type ImageInfo } from './cms';
import { useEffectiveAccount, useSession, useSite } from './hooks';
import { getNavigationItems, toMenuItems, type MenuItem } from './navigation';
import { getSearchSuggestions } from './searchSuggestions';

export const headerKeys = {
  menu: (name: string, showHomeLink: boolean, userId: string | null, accountId: string | null) =>
    ['navigation-menu', name, showHomeLink, userId, accountId] as const,
  menuAll: ['navigation-menu'] as const,
  logo: (siteId: string, contentKey: string) => ['cms-logo', siteId, contentKey] as const,
  // Under the cart keys, so that every cart change (which invalidates cartKeys.all) updates the badge.
  cartCount: cartKeys.badge,
  cartCountAll: cartKeys.badgeAll,
  suggestions: (term: string, accountId: string | null) => ['search-suggestions', term, accountId] as const,
};

export interface MenuQueryOptions {
  showHomeLink: boolean;
  /** Drop submenus (the profile menu). */
  dropSubmenus?: boolean;
  enabled?: boolean;
}

/**
 * The items of a navigation menu, as menu items. Asked again when the visitor or the
 * effective account changes, since entitlements decide which categories a menu lists.
 */
export function useNavigationMenu(name: string, options: MenuQueryOptions) {
  const site = useSite();
  const session = useSession();
  const account = useEffectiveAccount();
  const userId = session.data?.guestUser === false ? session.data.userId : null;
  const communityId = site.data?.communityId ?? '';
  return useQuery<MenuItem[]>({
    queryKey: headerKeys.menu(name, options.showHomeLink, userId, account?.id ?? null),
    queryFn: async ({ signal }) =>
      toMenuItems(
        await getNavigationItems(
          { communityId, navigationLinkSetDeveloperName: name, showHomeLink: options.showHomeLink, effectiveAccountId: account?.id },
          { signal },
        ),
        { basePath: site.data?.basePath ?? '', dropSubmenus: options.dropSubmenus },
      ),
    enabled: (options.enabled ?? true) && site.isSuccess && session.isSuccess,
    staleTime: 300_000,
  });
}

/** The site logo (null when the site has none). */
export function useLogo() {
  const site = useSite();
  const siteId = site.data?.siteId ?? '';
  const key = site.data?.logoContentKey ?? '';
  return useQuery<ImageInfo>({
    queryKey: headerKeys.logo(siteId, key),
    queryFn: ({ signal }) => getLogo(siteId, key, { signal }),
    enabled: key !== '',
    staleTime: Infinity,
  });
}

/**
 * The cart count of the visitor (a guest's where the site shows guests the badge). Its key carries the user and the effective account,
 * so logging in, logging out and switching accounts ask again; every cart change made through
 * the cart hooks reloads it.
 */
export function useCartCount(enabled = true) {
  const session = useSession();
  const account = useEffectiveAccount();
  const buyer = session.data?.guestUser === false;
  return useQuery<CartCountSummary>({
    queryKey: headerKeys.cartCount(buyer ? (session.data?.userId ?? null) : null, account?.id ?? null),
    queryFn: ({ signal }) => getCartCountSummary({ signal }),
    enabled: enabled && session.data !== undefined,
    staleTime: 30_000,
  });
}

/** Suggestions for a (debounced) search term; off below the minimum length. */
export function useSearchSuggestions(term: string | null) {
  const account = useEffectiveAccount();
  return useQuery<string[]>({
    queryKey: headerKeys.suggestions(term ?? '', account?.id ?? null),
    queryFn: ({ signal }) => getSearchSuggestions(term ?? '', { signal }),
    enabled: term !== null,
    staleTime: 60_000,
    retry: false,
  });
}
