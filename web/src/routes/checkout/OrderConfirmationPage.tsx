import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useSession } from '../../data/hooks';
import { useOrderLookup } from '../../data/orderHooks';
import type { OrderDetail } from '../../data/orders';
import { FetchError } from '../../data/errors';
import { formatPrice } from '../../lib/price';
import { PageStatus } from '../catalog/Status';
import { usePageTitle } from '../usePageTitle';
import type { ConfirmationState } from './CheckoutPage';
import './checkout.css';

const ORDER_PRODUCT = 'Order Product';

/**
 * The order a confirmation shows: a buyer's is looked up by its reference number (so a reload or a shared link
 * shows it again); a guest has no order history, so a guest's page shows what the checkout handed it.
 */
function useConfirmedOrder(ref: string) {
  const session = useSession();
  const guest = session.data?.guestUser !== false;
  const order = useOrderLookup(ref);
  const notFound = ref.trim() === '' || (order.error instanceof FetchError && (order.error.status === 404 || order.error.status === 400));
  // A guest's page needs no call; a buyer's waits for the lookup.
  const pending = session.isPending || (!guest && order.isLoading);
  return { pending, guest, order: order.data, notFound, failed: order.isError && !notFound };
}

/** {basePath}/order-confirmation/:ref: the order reference number, its items and total, and a way back to the shop. */
export function OrderConfirmationPage() {
  usePageTitle('Order confirmation');
  const { ref = '' } = useParams();
  const state = (useLocation().state ?? {}) as ConfirmationState;
  const heading = useRef<HTMLHeadingElement>(null);
  const { pending, guest, order, notFound, failed } = useConfirmedOrder(ref);
  useEffect(() => {
    if (!pending) heading.current?.focus();
  }, [pending, notFound]);

  if (pending) return <PageStatus>Loading your order…</PageStatus>;
  if (!guest && notFound) {
    return (
      <div className="sf-page sf-checkout sf-checkout--confirmation">
        <div className="sf-page__header">
          <h1 ref={heading} tabIndex={-1}>
            Order not found
          </h1>
        </div>
        <p className="sf-checkout__error" role="alert">
          We couldn't find an order with the reference number {ref || '(none)'} in your account.
        </p>
        <p>
          <Link to="/">Continue shopping</Link>
        </p>
      </div>
    );
  }
  const total = order ? formatPrice(order.grandTotalAmount, order.currencyIsoCode || 'USD') : state.total ? formatPrice(state.total, state.currency || 'USD') : '';
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
          <dd className="sf-checkout__reference">{order?.orderNumber ?? ref}</dd>
        </div>
        {total ? (
          <div className="sf-cart-totals__row">
            <dt>Total</dt>
            <dd className="sf-checkout__total">{total}</dd>
          </div>
        ) : null}
      </dl>
      {order ? (
        <p>
          <Link to={`/orders/${encodeURIComponent(order.orderSummaryId)}`}>View order details</Link>
        </p>
      ) : null}
      {failed ? (
        <p className="sf-checkout__error" role="alert">
          We couldn't load the order's details. Reload the page to try again.
        </p>
      ) : null}
      {order ? <OrderLines order={order} /> : null}
      <p>
        <Link to="/">Continue shopping</Link>
      </p>
    </div>
  );
}

function OrderLines({ order }: { order: OrderDetail }) {
  const currency = order.currencyIsoCode || 'USD';
  const products = order.items.filter((i) => i.type === ORDER_PRODUCT);
  return (
    <section aria-labelledby="confirmation-items">
      <h2 id="confirmation-items" className="sf-section-title">
        Items
      </h2>
      <ul className="sf-checkout__lines">
        {products.map((i) => (
          <li key={i.orderItemSummaryId} className="sf-checkout__line">
            <span className="sf-checkout__line-name">{i.name}</span>
            <span>× {Number(i.quantity)}</span>
            <span className="sf-checkout__line-total">{formatPrice(i.totalPrice, currency)}</span>
          </li>
        ))}
      </ul>
      {order.deliveryGroups.length > 1 ? (
        <>
          <h2 className="sf-section-title">Shipments</h2>
          <ol className="sf-checkout__shipments">
            {order.deliveryGroups.map((g) => (
              <li key={g.deliveryGroupId} className="sf-checkout__shipment">
                <span>{[g.deliverToName, g.street, g.city].filter(Boolean).join(', ')}</span>
                {g.deliveryMethodName ? <span>{g.deliveryMethodName}</span> : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
