import type { RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { CatchAllPage } from './routes/CatchAllPage';
// Pages load on first use (route-level lazy, code split by route); add a new page to lazyPages too.
import { pages } from './routes/lazyPages';
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
      { path: 'search', lazy: async () => ({ Component: (await import('./console')).SearchResults }) },
    ],
  },
  {
    // The view named FAQ gives the header search box its placeholder.
    path: '/faq',
    element: <Layout searchPlaceholder={FAQ_SEARCH_PLACEHOLDER} />,
    hydrateFallbackElement: <Layout searchPlaceholder={FAQ_SEARCH_PLACEHOLDER} pageLoading />,
    children: [
      { index: true, lazy: pages.FaqPage },
      { path: ':lang', lazy: pages.FaqArticlePage },
    ],
  },
  {
    path: '/',
    element: <Layout />,
    hydrateFallbackElement: <Layout pageLoading />,
    children: [
      { index: true, lazy: pages.HomePage },
      { path: 'login', lazy: pages.LoginPage },
      { path: 'forgot-password', lazy: pages.ForgotPasswordPage },
      { path: 'reset-password', lazy: pages.ResetPasswordPage },
      { path: 'global-search', lazy: pages.SearchPage },
      { path: 'global-search/:term', lazy: pages.SearchPage },
      { path: 'category/:urlName/:categoryId', lazy: pages.CategoryPage },
      { path: 'product/:urlName/:productId', lazy: pages.ProductPage },
      { path: 'cart', lazy: pages.CartPage },
      { path: 'checkout', lazy: pages.CheckoutPage },
      { path: 'order-confirmation/:ref', lazy: pages.OrderConfirmationPage },
      { path: 'quick-order', lazy: pages.QuickOrderPage },
      { path: 'my-account', lazy: pages.MyAccountPage },
      { path: 'my-account/addresses', lazy: pages.AddressesPage },
      { path: 'orders', lazy: pages.OrderHistoryPage },
      { path: 'orders/:orderSummaryId', lazy: pages.OrderDetailPage },
      { path: 'my-account/profile', lazy: pages.ProfilePage },
      { path: '*', element: <CatchAllPage /> },
    ],
  },
];
