import { Link } from 'react-router';
import { badgeText, cartBadgeLabel } from '../../data/cart';
import { useCartCount } from '../../data/headerHooks';
import { CartIcon } from './icons';

/**
 * The cart icon with its item count (spec sections 2 and 9): 99+ above 99. A link, so a click
 * or Enter goes to {basePath}/cart.
 */
export function CartBadge() {
  const cart = useCartCount();
  const count = cart.data?.totalProductCount ?? 0;
  const known = cart.isSuccess;
  return (
    <Link
      to="/cart"
      className="header-action cart-badge"
      aria-label={known ? cartBadgeLabel(count) : 'Cart'}
      aria-busy={cart.isPending && cart.fetchStatus === 'fetching' ? true : undefined}
    >
      <CartIcon size={24} />
      {known && count > 0 && (
        <span className="cart-badge-count" aria-hidden="true" data-testid="cart-count">
          {badgeText(count)}
        </span>
      )}
    </Link>
  );
}
