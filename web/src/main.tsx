import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createQueryClient } from './queryClient';
import { routes } from './routes';
import { preloadPageAt } from './routes/lazyPages';
import './styles.css';

preloadPageAt(routes, window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('missing #root element');

createRoot(root).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>,
);
