import type { RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { CatchAllPage } from './routes/CatchAllPage';
// Pages load on first use (code split by route); add a new page to lazyPages too.
import {
  AddressesPage,
  CartPage,
  CategoryPage,
  CheckoutPage,
  FaqArticlePage,
  FaqPage,
  ForgotPasswordPage,
  HomePage,
  LoginPage,
  MyAccountPage,
  OrderDetailPage,
  OrderHistoryPage,
  OrderConfirmationPage,
  ProductPage,
  ProfilePage,
  QuickOrderPage,
  ResetPasswordPage,
  SearchPage,
} from './routes/lazyPages';
import { FAQ_SEARCH_PLACEHOLDER } from './routes/faqConfig';

/** Routes, relative to the site base path (the router's basename). */
export const routes: RouteObject[] = [
  {
    // The staff console: its own bundle, loaded on first visit (src/console).
    path: '/console',
    lazy: async () => ({ Component: (await import('./console')).ConsoleRoot }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./console')).ConsoleHome }) },
      { path: 'o/:objectApiName', lazy: async () => ({ Component: (await import('./console')).ObjectHome }) },
      { path: 'r/:objectApiName/:recordId', lazy: async () => ({ Component: (await import('./console')).RecordPage }) },
    ],
  },
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
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'global-search', element: <SearchPage /> },
      { path: 'global-search/:term', element: <SearchPage /> },
      { path: 'category/:urlName/:categoryId', element: <CategoryPage /> },
      { path: 'product/:urlName/:productId', element: <ProductPage /> },
      { path: 'cart', element: <CartPage /> },
      { path: 'checkout', element: <CheckoutPage /> },
      { path: 'order-confirmation/:ref', element: <OrderConfirmationPage /> },
      { path: 'quick-order', element: <QuickOrderPage /> },
      { path: 'my-account', element: <MyAccountPage /> },
      { path: 'my-account/addresses', element: <AddressesPage /> },
      { path: 'orders', element: <OrderHistoryPage /> },
      { path: 'orders/:orderSummaryId', element: <OrderDetailPage /> },
      { path: 'my-account/profile', element: <ProfilePage /> },
      { path: '*', element: <CatchAllPage /> },
    ],
  },
];
