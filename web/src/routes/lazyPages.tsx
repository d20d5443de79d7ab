// The pages, each loaded on first use: the entry chunk holds the app shell (router, data layer,
// header) and the home page downloads only its own code. Layout's Suspense boundary shows the
// loading state while a page's chunk arrives. Each page module keeps its named export; React.lazy
// needs a default one, hence the small adapter.
import { lazy, type ComponentType } from 'react';

const modules = {
  HomePage: () => import('./HomePage'),
  LoginPage: () => import('./LoginPage'),
  SearchPage: () => import('./SearchPage'),
  CategoryPage: () => import('./CategoryPage'),
  ProductPage: () => import('./ProductPage'),
  FaqPage: () => import('./FaqPage'),
  FaqArticlePage: () => import('./FaqArticlePage'),
  QuickOrderPage: () => import('./QuickOrderPage'),
  AddressesPage: () => import('./account/AddressesPage'),
};

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

export const HomePage = page(modules.HomePage, 'HomePage');
export const LoginPage = page(modules.LoginPage, 'LoginPage');
export const SearchPage = page(modules.SearchPage, 'SearchPage');
export const CategoryPage = page(modules.CategoryPage, 'CategoryPage');
export const ProductPage = page(modules.ProductPage, 'ProductPage');
export const FaqPage = page(modules.FaqPage, 'FaqPage');
export const FaqArticlePage = page(modules.FaqArticlePage, 'FaqArticlePage');
export const QuickOrderPage = page(modules.QuickOrderPage, 'QuickOrderPage');
export const AddressesPage = page(modules.AddressesPage, 'AddressesPage');

/** Loads the code of every page now: tests do, so that a page's first render does not wait on compiling it. */
export function loadAllPages(): Promise<unknown> {
  return Promise.all(Object.values(modules).map((load) => load()));
}
