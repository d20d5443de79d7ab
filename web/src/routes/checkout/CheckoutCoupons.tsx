// Coupons in the checkout (POST and DELETE checkouts/{id}/coupons), with the cart's coupon form. They sit with
// the payment: a coupon changes the total, and a payment made for another total no longer holds.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCart, useCartItems } from '../../data/cartHooks';
import { applyCheckoutCoupon, getCheckout, removeCheckoutCoupon, type Checkout } from '../../data/checkoutApi';
import { formatPrice } from '../../lib/price';
import { CouponEntry } from '../cart/CouponForm';
import { useAnnouncement } from '../useAnnouncement';

/** The checkout is repriced by a coupon: it is read again, and the cart's coupon list reloaded. */
function useCheckoutCoupons(checkout: Checkout, onChange: (c: Checkout) => void) {
  const client = useQueryClient();
  const refresh = async () => {
    onChange(await getCheckout(checkout.checkoutId));
    await invalidateCart(client);
  };
  const apply = useMutation({ mutationFn: (code: string) => applyCheckoutCoupon(checkout.checkoutId, code), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (couponId: string) => removeCheckoutCoupon(checkout.checkoutId, couponId), onSuccess: refresh });
  return { apply, remove };
}

export function CheckoutCoupons({ checkout, onChange }: { checkout: Checkout; onChange: (c: Checkout) => void }) {
  const items = useCartItems({ pageNumber: 1 });
  const { apply, remove } = useCheckoutCoupons(checkout, onChange);
  const [announcement, setAnnouncement] = useAnnouncement();
  const s = (checkout.cartSummary ?? {}) as Record<string, unknown>;
  const total = formatPrice(s.grandTotalAmount, String(s.currencyIsoCode || 'USD'));
  return (
    <div className="sf-checkout__coupons">
      <CouponEntry coupons={items.data?.coupons ?? []} announce={setAnnouncement} apply={apply} remove={remove} />
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {total ? (
        <p className="sf-checkout__due">
          Total to pay: <strong className="sf-checkout__due-amount">{total}</strong>
        </p>
      ) : null}
    </div>
  );
}
