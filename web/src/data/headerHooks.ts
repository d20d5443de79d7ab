// TanStack Query hooks of the page header: menus, logo and cart count.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCartCountSummary, type CartCountSummary } from './cart';
import { cartKeys } from './cartHooks';
import { getLogo, type ImageInfo } from './cms';
import type { Site } from './api';
import { useSite, useViewer, type Viewer } from './hooks';
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

/** The header's queries. */
export const headerQueries = {
  /** A navigation menu's items, as menu items; entitlements decide which categories it lists, hence the viewer. */
  menu: (site: Site | undefined, viewer: Viewer, name: string, options: MenuQueryOptions) =>
    queryOptions<MenuItem[]>({
      queryKey: headerKeys.menu(name, options.showHomeLink, viewer.userId, viewer.accountId),
      queryFn: async ({ signal }) =>
        toMenuItems(
          await getNavigationItems(
            {
              communityId: site?.communityId ?? '',
              navigationLinkSetDeveloperName: name,
              showHomeLink: options.showHomeLink,
              effectiveAccountId: viewer.accountId ?? undefined,
            },
            { signal },
          ),
          { basePath: site?.basePath ?? '', dropSubmenus: options.dropSubmenus },
        ),
      staleTime: 300_000,
    }),
  /** The site logo (null when the site has none). */
  logo: (siteId: string, contentKey: string) =>
    queryOptions<ImageInfo>({
      queryKey: headerKeys.logo(siteId, contentKey),
      queryFn: ({ signal }) => getLogo(siteId, contentKey, { signal }),
      staleTime: Infinity,
    }),
  /** The viewer's cart count; under the cart keys, so every cart change made through the cart hooks reloads it. */
  cartCount: (viewer: Viewer) =>
    queryOptions<CartCountSummary>({
      queryKey: headerKeys.cartCount(viewer.userId, viewer.accountId),
      queryFn: ({ signal }) => getCartCountSummary({ signal }),
      staleTime: 30_000,
    }),
  suggestions: (term: string, accountId: string | null) =>
    queryOptions<string[]>({
      queryKey: headerKeys.suggestions(term, accountId),
      queryFn: ({ signal }) => getSearchSuggestions(term, { signal }),
      staleTime: 60_000,
      retry: false,
    }),
};

/** The items of a navigation menu; asked again when the visitor or the effective account changes. */
export function useNavigationMenu(name: string, options: MenuQueryOptions) {
  const site = useSite();
  const viewer = useViewer();
  return useQuery({
    ...headerQueries.menu(site.data, viewer, name, options),
    enabled: (options.enabled ?? true) && site.isSuccess && viewer.ready,
  });
}

/** The site logo (null when the site has none). */
export function useLogo() {
  const site = useSite();
  const key = site.data?.logoContentKey ?? '';
  return useQuery({ ...headerQueries.logo(site.data?.siteId ?? '', key), enabled: key !== '' });
}

/** The cart count of the visitor (a guest's where the site shows guests the badge). */
export function useCartCount(enabled = true) {
  const viewer = useViewer();
  return useQuery({ ...headerQueries.cartCount(viewer), enabled: enabled && viewer.ready });
}

/** Suggestions for a (debounced) search term; off below the minimum length. */
export function useSearchSuggestions(term: string | null) {
  const viewer = useViewer();
  return useQuery({ ...headerQueries.suggestions(term ?? '', viewer.accountId), enabled: term !== null });
}
