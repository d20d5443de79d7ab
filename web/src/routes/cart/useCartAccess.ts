import { settingEnabled } from '../../data/appContext';
import { useApplicationContext, useSession } from '../../data/hooks';

export type CartAccess = 'checking' | 'allowed' | 'login';

/**
 * Whether the visitor may keep a cart (spec section 6): a buyer always; a guest only when the
 * store's guestCartEnabled is on, since the server answers 401 to a guest's cart calls otherwise
 * ('login': send them to log in instead). Settings that fail to load do not lock the cart: the
 * server still decides, and its 401 leads to the login page too.
 */
export function useCartAccess(): CartAccess {
  const session = useSession();
  const guest = session.data?.guestUser !== false;
  const app = useApplicationContext(!session.isPending && guest);
  if (session.isPending) return 'checking';
  if (!guest) return 'allowed';
  if (app.isPending) return 'checking';
  if (app.isError) return 'allowed';
  return settingEnabled(app.data?.guestCartEnabled) ? 'allowed' : 'login';
}
