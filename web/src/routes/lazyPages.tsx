// The pages, each loaded on first use: the entry chunk holds the app shell (router, data layer,
// header) and the home page downloads only its own code. Layout's Suspense boundary shows the
// loading state while a page's chunk arrives. Each page module keeps its named export; React.lazy
// needs a default one, hence the small adapter.
import { lazy, type ComponentType } from 'react';

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

export const HomePage = page(() => import('./HomePage'), 'HomePage');
export const LoginPage = page(() => import('./LoginPage'), 'LoginPage');
export const SearchPage = page(() => import('./SearchPage'), 'SearchPage');
export const CategoryPage = page(() => import('./CategoryPage'), 'CategoryPage');
export const ProductPage = page(() => import('./ProductPage'), 'ProductPage');
export const FaqPage = page(() => import('./FaqPage'), 'FaqPage');
export const FaqArticlePage = page(() => import('./FaqArticlePage'), 'FaqArticlePage');
