import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { formatPrice } from '../../lib/price';
import { usePageTitle } from '../usePageTitle';
import type { ConfirmationState } from './CheckoutPage';
import './checkout.css';

/** {basePath}/order-confirmation/:ref: the order reference number, the total and a way back to the shop. */
export function OrderConfirmationPage() {
  usePageTitle('Order confirmation');
  const { ref = '' } = useParams();
  const state = (useLocation().state ?? {}) as ConfirmationState;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const total = state.total ? formatPrice(state.total, state.currency || 'USD') : '';
  return (
    <div className="sf-page sf-checkout sf-checkout--confirmation">
      <div className="sf-page__header">
        <h1 ref={heading} tabIndex={-1}>
          Order confirmation
        </h1>
      </div>
      <p className="sf-checkout__notice" role="status">
        Thank you, your order has been placed.
      </p>
      <dl className="sf-cart-totals sf-checkout__confirmation">
        <div className="sf-cart-totals__row">
          <dt>Order reference number</dt>
          <dd className="sf-checkout__reference">{ref}</dd>
        </div>
        {total ? (
          <div className="sf-cart-totals__row">
            <dt>Total</dt>
            <dd>{total}</dd>
          </div>
        ) : null}
      </dl>
      <p>
        <Link to="/">Continue shopping</Link>
      </p>
    </div>
  );
}
