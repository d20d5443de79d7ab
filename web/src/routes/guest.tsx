// Guest rules for catalog pages (spec/storefront.md section 6): when the store
// does not let guests browse (application context guestBrowsingEnabled false),
// a guest is sent to the login page with a startURL back to the page; a
// catalog call answering 401 does the same.

import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { getBasePath } from '../data/config';
import { FetchError } from '../data/errors';
import { useApplicationContext, useSession } from '../data/hooks';
import { PageStatus } from './catalog/Status';

/** The login page with a startURL back to a page (the site path, base path included). */
export function loginPathFor(pathname: string, search = ''): string {
  return `/login?startURL=${encodeURIComponent(`${getBasePath()}${pathname}${search}`)}`;
}

export type CatalogAccess = 'checking' | 'allowed' | 'denied';

/** Whether the visitor may browse the catalog: buyers always, guests when the store allows it. */
export function useCatalogAccess(): CatalogAccess {
  const session = useSession();
  const guest = session.data?.guestUser !== false;
  const app = useApplicationContext(!session.isPending && guest);
  if (session.isPending) return 'checking';
  if (!guest) return 'allowed';
  if (app.isPending) return 'checking';
  // An application context that fails to load does not lock the catalog: its calls answer 401 if they must.
  return app.data?.guestBrowsingEnabled === false ? 'denied' : 'allowed';
}

/** Renders catalog pages only for visitors who may browse; sends other guests to the login page. */
export function CatalogGuard({ children }: { children: ReactNode }) {
  const access = useCatalogAccess();
  const location = useLocation();
  if (access === 'checking') return <PageStatus>Loading…</PageStatus>;
  if (access === 'denied') return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  return <>{children}</>;
}

/** True for a failed call that needs a login. */
export function isUnauthorized(err: unknown): boolean {
  return err instanceof FetchError && err.status === 401;
}

/** Sends the visitor to the login page when one of the errors is a 401. */
export function useLoginOn401(...errors: unknown[]): boolean {
  const navigate = useNavigate();
  const location = useLocation();
  const unauthorized = errors.some(isUnauthorized);
  useEffect(() => {
    if (unauthorized) navigate(loginPathFor(location.pathname, location.search), { replace: true });
  }, [unauthorized, navigate, location.pathname, location.search]);
  return unauthorized;
}
