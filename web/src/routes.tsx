import type { RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { HomePage } from './routes/HomePage';
import { LoginPage } from './routes/LoginPage';
import { CatchAllPage } from './routes/CatchAllPage';
import { SearchPage } from './routes/SearchPage';
import { CategoryPage } from './routes/CategoryPage';
import { ProductPage } from './routes/ProductPage';
import { FaqPage, FAQ_SEARCH_PLACEHOLDER } from './routes/FaqPage';
import { FaqArticlePage } from './routes/FaqArticlePage';
import { QuickOrderPage } from './routes/QuickOrderPage';
import { AddressesPage } from './routes/account/AddressesPage';

/** Routes, relative to the site base path (the router's basename). */
export const routes: RouteObject[] = [
  {
    // The view named FAQ gives the header search box its placeholder.
    path: '/faq',
    element: <Layout searchPlaceholder={FAQ_SEARCH_PLACEHOLDER} />,
    children: [
      { index: true, element: <FaqPage /> },
      { path: ':lang', element: <FaqArticlePage /> },
    ],
  },
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'global-search', element: <SearchPage /> },
      { path: 'global-search/:term', element: <SearchPage /> },
      { path: 'category/:urlName/:categoryId', element: <CategoryPage /> },
      { path: 'product/:urlName/:productId', element: <ProductPage /> },
      { path: 'quick-order', element: <QuickOrderPage /> },
      { path: 'my-account/addresses', element: <AddressesPage /> },
      { path: '*', element: <CatchAllPage /> },
    ],
  },
];
