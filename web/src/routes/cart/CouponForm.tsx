import { useId, useRef, useState, type FormEvent } from 'react';
import { useApplyCoupon, useRemoveCoupon } from '../../data/cartHooks';
import type { CartCoupon } from '../../data/cartTypes';
import { cartErrorText } from './cartErrorText';

/** The longest code the server takes. */
const MAX_COUPON_LENGTH = 80;

/** What the form needs of a coupon call: a mutation's state (react-query's useMutation result fits). */
export interface CouponMutation {
  mutateAsync: (value: string) => Promise<unknown>;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
}

interface CouponProps {
  coupons: CartCoupon[];
  announce: (message: string) => void;
}

/** The cart's coupon form: POST and DELETE cart-coupons. */
export function CouponForm(props: CouponProps) {
  return <CouponEntry {...props} apply={useApplyCoupon()} remove={useRemoveCoupon()} />;
}

/**
 * Coupon code entry (apply.mutateAsync(couponCode)) with the reason a code is refused, and the coupons applied,
 * each with Remove (remove.mutateAsync(cartCouponId)). announce tells the page's live region what happened. The
 * cart sends the cart's coupon calls; the checkout its own.
 */
export function CouponEntry({ coupons, announce, apply, remove }: CouponProps & { apply: CouponMutation; remove: CouponMutation }) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = useId();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (apply.isPending) return;
    const trimmed = code.trim();
    if (trimmed === '') {
      setMissing(true);
      input.current?.focus();
      return;
    }
    setMissing(false);
    announce(''); // what the last coupon action said no longer stands
    try {
      await apply.mutateAsync(trimmed);
      setCode('');
      announce(`Coupon ${trimmed} applied.`);
    } catch {
      // The error shows under the field.
      input.current?.focus();
    }
  }

  async function onRemove(coupon: CartCoupon) {
    if (removingId) return;
    setRemovingId(coupon.cartCouponId);
    announce('');
    try {
      await remove.mutateAsync(coupon.cartCouponId);
      announce(`Coupon ${coupon.couponCode} removed.`);
      // Its Remove button is gone: the code field is the natural next stop.
      input.current?.focus();
    } catch {
      // The error shows under the list.
    } finally {
      setRemovingId(null);
    }
  }

  const error = missing
    ? 'Enter a coupon code.'
    : apply.isError
      ? cartErrorText(apply.error, "We couldn't apply the coupon. Please try again.")
      : null;
  const errorId = `${ids}-error`;

  return (
    <div className="sf-coupons">
      <form className="sf-coupons__form" onSubmit={onSubmit} noValidate>
        <label htmlFor={`${ids}-code`}>Coupon code</label>
        <div className="sf-coupons__field">
          <input
            ref={input}
            id={`${ids}-code`}
            name="couponCode"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={MAX_COUPON_LENGTH}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setMissing(false);
              if (apply.isError) apply.reset();
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button type="submit" className="sf-button sf-button--secondary" aria-disabled={apply.isPending ? true : undefined}>
            {apply.isPending ? 'Applying…' : 'Apply'}
          </button>
        </div>
        {error ? (
          <p id={errorId} className="sf-field-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
      {coupons.length > 0 ? (
        <ul className="sf-coupons__applied" aria-label="Applied coupons">
          {coupons.map((c) => (
            <li key={c.cartCouponId}>
              <span className="sf-coupons__code">{c.couponCode}</span>
              <button
                type="button"
                className="sf-link-button"
                onClick={() => void onRemove(c)}
                aria-label={`Remove coupon ${c.couponCode}`}
                aria-disabled={removingId !== null ? true : undefined}
              >
                {removingId === c.cartCouponId ? 'Removing…' : 'Remove'}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {remove.isError ? (
        <p className="sf-field-error" role="alert">
          {cartErrorText(remove.error, "We couldn't remove the coupon. Please try again.")}
        </p>
      ) : null}
    </div>
  );
}
