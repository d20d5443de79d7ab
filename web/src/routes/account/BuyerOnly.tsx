import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SessionContext } from '../../data/api';
import { useSession } from '../../data/hooks';
import { PageStatus } from '../catalog/Status';
import { loginPathFor } from '../guest';

/**
 * My Account pages are a signed-in buyer's: while the session loads it says so, a guest is sent to
 * the login page with a startURL back here, and a buyer sees the page (given the session).
 */
export function BuyerOnly({ children }: { children: (session: SessionContext) => ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageStatus>Loading…</PageStatus>;
  if (session.data?.guestUser !== false) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  return <>{children(session.data)}</>;
}
