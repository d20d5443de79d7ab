import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isStaffSession, type SessionContext } from '../../data/api';
import { useSession } from '../../data/hooks';
import { PageStatus } from '../catalog/Status';
import { loginPathFor } from '../guest';

/**
 * My Account pages are a signed-in buyer's: while the session loads it says so, a guest is sent to
 * the login page with a startURL back here, and a buyer sees the page (given the session). A page about an
 * account's records (staffNote given: addresses, orders) shows a signed-in user without an account (store staff)
 * why there is nothing here instead of the error its calls would meet.
 */
export function BuyerOnly({ children, staffNote }: { children: (session: SessionContext) => ReactNode; staffNote?: StaffNoteProps }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageStatus>Loading…</PageStatus>;
  if (session.data?.guestUser !== false) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  if (staffNote && isStaffSession(session.data)) return <StaffNote {...staffNote} />;
  return <>{children(session.data)}</>;
}

interface StaffNoteProps {
  /** The page's heading. */
  title: string;
  /** What the page would hold for a buyer ("saved addresses"). */
  what: string;
}

/** Why a page of a buyer account's records is empty for store staff: they belong to no account and do not buy here. */
export function StaffNote({ title, what }: StaffNoteProps) {
  return (
    <section className="sf-page sf-account" aria-labelledby="staff-note-title">
      <div className="sf-page__header">
        <h1 id="staff-note-title">{title}</h1>
      </div>
      <div className="sf-empty">
        <p className="sf-empty__title">There is nothing to manage here for store staff.</p>
        <p>
          {`This page lists the ${what} of a buyer account. You are signed in as store staff, who belong to no buyer account and do not buy in the storefront. Sign in as a buyer to see a buyer's ${what}.`}
        </p>
      </div>
    </section>
  );
}
