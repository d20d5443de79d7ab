import type { ReactNode } from 'react';
import type { SessionContext } from '../../data/api';
import { useSession } from '../../data/hooks';

/**
 * Whether a login-state container shows its slot: only when the visitor's state matches
 * showToGuest. A session that failed to load (or is missing) counts as a guest.
 */
export function showsSlot(showToGuest: boolean, session: SessionContext | null | undefined): boolean {
  const guest = !session || session.guestUser !== false;
  return guest === showToGuest;
}

interface LoginStateContainerProps {
  showToGuest: boolean;
  children: ReactNode;
}

/** Renders its slot only for the visitors it is set for (spec section 2); nothing while the session loads. */
export function LoginStateContainer({ showToGuest, children }: LoginStateContainerProps) {
  const session = useSession();
  if (session.isPending) return null;
  // useSession turns a failed load into the guest session; an error here is a guest too.
  return showsSlot(showToGuest, session.isError ? null : session.data) ? <>{children}</> : null;
}
