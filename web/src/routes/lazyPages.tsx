// The pages, each loaded on first use: the entry chunk holds the app shell (router, data layer,
// header) and the home page downloads only its own code. Layout's Suspense boundary shows the
// loading state while a page's chunk arrives. Each page module keeps its named export; React.lazy
// needs a default one, hence the small adapter.
import { isValidElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

const modules = {
  HomePage: () => import('./HomePage'),
  LoginPage: () => import('./LoginPage'),
  SearchPage: () => import('./SearchPage'),
  CategoryPage: () => import('./CategoryPage'),
  ProductPage: () => import('./ProductPage'),
  FaqPage: () => import('./FaqPage'),
  FaqArticlePage: () => import('./FaqArticlePage'),
  QuickOrderPage: () => import('./QuickOrderPage'),
  MyAccountPage: () => import('./account/MyAccountPage'),
  AddressesPage: () => import('./account/AddressesPage'),
  OrderHistoryPage: () => import('./orders/OrderHistoryPage'),
  OrderDetailPage: () => import('./orders/OrderDetailPage'),
  ProfilePage: () => import('./account/ProfilePage'),
  ForgotPasswordPage: () => import('./account/ForgotPasswordPage'),
  ResetPasswordPage: () => import('./account/ResetPasswordPage'),
  CartPage: () => import('./cart/CartPage'),
  CheckoutPage: () => import('./checkout/CheckoutPage'),
  OrderConfirmationPage: () => import('./checkout/OrderConfirmationPage'),
};

/** A page loaded on first use; `load` fetches its code ahead of that. */
export type LazyPage = LazyExoticComponent<ComponentType> & { load: () => Promise<unknown> };

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage {
  return Object.assign(
    lazy(() => load().then((m) => ({ default: m[name] }))),
    { load },
  );
}

export const HomePage = page(modules.HomePage, 'HomePage');
export const LoginPage = page(modules.LoginPage, 'LoginPage');
export const SearchPage = page(modules.SearchPage, 'SearchPage');
export const CategoryPage = page(modules.CategoryPage, 'CategoryPage');
export const ProductPage = page(modules.ProductPage, 'ProductPage');
export const FaqPage = page(modules.FaqPage, 'FaqPage');
export const FaqArticlePage = page(modules.FaqArticlePage, 'FaqArticlePage');
export const QuickOrderPage = page(modules.QuickOrderPage, 'QuickOrderPage');
export const MyAccountPage = page(modules.MyAccountPage, 'MyAccountPage');
export const AddressesPage = page(modules.AddressesPage, 'AddressesPage');
export const OrderHistoryPage = page(modules.OrderHistoryPage, 'OrderHistoryPage');
export const OrderDetailPage = page(modules.OrderDetailPage, 'OrderDetailPage');
export const ProfilePage = page(modules.ProfilePage, 'ProfilePage');
export const ForgotPasswordPage = page(modules.ForgotPasswordPage, 'ForgotPasswordPage');
export const ResetPasswordPage = page(modules.ResetPasswordPage, 'ResetPasswordPage');
export const CartPage = page(modules.CartPage, 'CartPage');
export const CheckoutPage = page(modules.CheckoutPage, 'CheckoutPage');
export const OrderConfirmationPage = page(modules.OrderConfirmationPage, 'OrderConfirmationPage');

/** Loads the code of every page now: tests do, so that a page's first render does not wait on compiling it. */
export function loadAllPages(): Promise<unknown> {
  return Promise.all(Object.values(modules).map((load) => load()));
}

/**
 * Starts loading the code of the page at `pathname` at once, so that it arrives while the app
 * asks for the site (/api/site) instead of after. The site's base path comes with that answer, so
 * the path is tried as it is and without its first segment.
 */
export function preloadPageAt(routes: RouteObject[], pathname: string): void {
  for (const path of [pathname, pathname.replace(/^\/[^/]+/, '') || '/']) {
    const matches = matchRoutes(routes, path) ?? [];
    const element = matches[matches.length - 1]?.route.element;
    const type = isValidElement(element) ? (element.type as Partial<LazyPage>) : null;
    if (typeof type?.load === 'function') {
      void type.load().catch(() => {});
      return;
    }
  }
}
