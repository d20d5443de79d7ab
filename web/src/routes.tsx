import type { RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { HomePage } from './routes/HomePage';
import { LoginPage } from './routes/LoginPage';
import { CatchAllPage } from './routes/CatchAllPage';

/** Routes, relative to the site base path (the router's basename). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: '*', element: <CatchAllPage /> },
    ],
  },
];
