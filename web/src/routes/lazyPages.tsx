// The pages, each loaded on first use through React Router's route-level lazy: the entry chunk
// holds the app shell (router, data layer, header) and the home page downloads only its own code.
// On the first load the layout shows the header with a loading state while the page's code
// arrives (the layout route's hydrateFallbackElement); a later navigation keeps the current page
// on screen until the next one's code is in.
import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** A page's route-level lazy: its code, as the route's Component. */
export type LazyPage = () => Promise<{ Component: ComponentType }>;

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage {
  return () => load().then((m) => ({ Component: m[name] }));
}

export const pages = {
  HomePage: page(() => import('./HomePage'), 'HomePage'),
  LoginPage: page(() => import('./LoginPage'), 'LoginPage'),
  SearchPage: page(() => import('./SearchPage'), 'SearchPage'),
  CategoryPage: page(() => import('./CategoryPage'), 'CategoryPage'),
  ProductPage: page(() => import('./ProductPage'), 'ProductPage'),
  FaqPage: page(() => import('./FaqPage'), 'FaqPage'),
  FaqArticlePage: page(() => import('./FaqArticlePage'), 'FaqArticlePage'),
  QuickOrderPage: page(() => import('./QuickOrderPage'), 'QuickOrderPage'),
  MyAccountPage: page(() => import('./account/MyAccountPage'), 'MyAccountPage'),
  AddressesPage: page(() => import('./account/AddressesPage'), 'AddressesPage'),
  OrderHistoryPage: page(() => import('./orders/OrderHistoryPage'), 'OrderHistoryPage'),
  OrderDetailPage: page(() => import('./orders/OrderDetailPage'), 'OrderDetailPage'),
  ProfilePage: page(() => import('./account/ProfilePage'), 'ProfilePage'),
  ForgotPasswordPage: page(() => import('./account/ForgotPasswordPage'), 'ForgotPasswordPage'),
  ResetPasswordPage: page(() => import('./account/ResetPasswordPage'), 'ResetPasswordPage'),
  CartPage: page(() => import('./cart/CartPage'), 'CartPage'),
  CheckoutPage: page(() => import('./checkout/CheckoutPage'), 'CheckoutPage'),
  OrderConfirmationPage: page(() => import('./checkout/OrderConfirmationPage'), 'OrderConfirmationPage'),
};

/** Loads the code of every page now: tests do, so that a page's first render does not wait on compiling it. */
export function loadAllPages(): Promise<unknown> {
  return Promise.all(Object.values(pages).map((load) => load()));
}

/**
 * Starts loading the code of the page at `pathname` at once, so that it arrives while the app
 * asks for the site (/api/site) instead of after. The site's base path comes with that answer, so
 * the path is tried as it is and without its first segment.
 */
export function preloadPageAt(routes: RouteObject[], pathname: string): void {
  for (const path of [pathname, pathname.replace(/^\/[^/]+/, '') || '/']) {
    const matches = matchRoutes(routes, path) ?? [];
    const lazy = matches[matches.length - 1]?.route.lazy;
    if (typeof lazy === 'function') {
      void lazy().catch(() => {});
      return;
    }
  }
}
