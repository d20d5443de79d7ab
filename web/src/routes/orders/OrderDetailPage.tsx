import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useEffectiveAccount, useSession } from '../../data/hooks';
import { useOrderDetail } from '../../data/orderHooks';
import { orderStatusLabel, type OrderDeliveryGroup, type OrderDetail, type OrderItemSummary } from '../../data/orders';
import { productPath } from '../../lib/links';
import { formatPrice, shouldShowDiscount } from '../../lib/price';
import { BuyerOnly } from '../account/BuyerOnly';
import { ErrorState, NotFound, PageStatus, isNotFound } from '../catalog/Status';
import { useLoginOn401 } from '../guest';
import { usePageTitle } from '../usePageTitle';
import { ReorderButton } from './ReorderButton';
import { deliveryAddressLines, formatOrderDate, orderDate, paymentText, productItems, quantityText } from './orderText';
import '../catalog/catalog.css';
import '../cart/cart.css';
import './orders.css';

/** {basePath}/orders/:orderSummaryId: one order of the buyer's account, and a way to order it again. */
export function OrderDetailPage() {
  const { orderSummaryId = '' } = useParams();
  return <BuyerOnly staffNote={{ title: 'Order', what: 'orders' }}>{() => <OrderDetailContent id={orderSummaryId} />}</BuyerOnly>;
}

function OrderDetailContent({ id }: { id: string }) {
  const order = useOrderDetail(id);
  useLoginOn401(order.error);
  const missing = order.isError && isNotFound(order.error);
  usePageTitle(order.data ? `Order ${order.data.orderNumber}` : missing ? 'Order not found' : 'Order');
  if (order.isPending) return <PageStatus>Loading the order…</PageStatus>;
  if (missing) {
    return <NotFound title="Order not found" message="There is no order with this number in your account. It may belong to another account." />;
  }
  if (order.isError) {
    return <ErrorState title="The order could not be loaded." error={order.error} onRetry={() => void order.refetch()} retrying={order.isFetching} />;
  }
  return <OrderView order={order.data} />;
}

function OrderView({ order }: { order: OrderDetail }) {
  // The account the order was bought for: the one chosen in the switcher, or the buyer's own.
  const effective = useEffectiveAccount();
  const session = useSession();
  const account = effective?.name || session.data?.accountName;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const currency = order.currencyIsoCode || 'USD';
  const money = (v: string | null | undefined) => formatPrice(v, currency);
  const items = productItems(order);
  const groups = order.deliveryGroups;
  const grouped = new Set(groups.map((g) => g.deliveryGroupId));
  const ungrouped = items.filter((i) => !i.deliveryGroupId || !grouped.has(i.deliveryGroupId));
  const payments = order.payments.length > 0 ? order.payments.map(paymentText) : order.purchaseOrderNumber ? [`Purchase order ${order.purchaseOrderNumber}`] : [];

  return (
    <article className="sf-page sf-order" aria-labelledby="order-title">
      <div className="sf-page__header">
        <p className="sf-orders__back">
          <Link to="/orders">Order history</Link>
        </p>
        <h1 id="order-title" ref={heading} tabIndex={-1}>
          Order {order.orderNumber}
        </h1>
      </div>
      <div className="sf-order__top">
        <dl className="sf-order__facts">
          <div>
            <dt>Date ordered</dt>
            <dd>{orderDate(order)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{orderStatusLabel(order.status)}</dd>
          </div>
          {account ? (
            <div>
              <dt>Account</dt>
              <dd>{account}</dd>
            </div>
          ) : null}
          {payments.length > 0 ? (
            <div>
              <dt>Payment</dt>
              {payments.map((p, i) => (
                <dd key={i}>{p}</dd>
              ))}
            </div>
          ) : null}
        </dl>
        <ReorderButton order={order} />
      </div>

      {groups.map((g, i) => (
        <DeliveryGroupSection
          key={g.deliveryGroupId}
          group={g}
          title={groups.length > 1 ? `Delivery ${i + 1} of ${groups.length}` : 'Delivery'}
          items={items.filter((it) => it.deliveryGroupId === g.deliveryGroupId)}
          money={money}
        />
      ))}
      {ungrouped.length > 0 ? (
        <section className="sf-order__section" aria-labelledby="order-items-title">
          <h2 id="order-items-title" className="sf-section-title">
            Items
          </h2>
          <ItemsTable items={ungrouped} money={money} caption="Items" />
        </section>
      ) : null}

      {order.adjustments.length > 0 ? (
        <section className="sf-order__section" aria-labelledby="order-adjustments-title">
          <h2 id="order-adjustments-title" className="sf-section-title">
            Promotions
          </h2>
          <ul className="sf-order__adjustments">
            {order.adjustments.map((a, i) => (
              <li key={i}>
                <span>
                  {a.displayName}
                  {a.basisReferenceDisplayName ? <span className="sf-order__muted"> (coupon {a.basisReferenceDisplayName})</span> : null}
                </span>
                <span>{money(a.amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="sf-order__section sf-order__totals" aria-labelledby="order-totals-title">
        <h2 id="order-totals-title" className="sf-section-title">
          Totals
        </h2>
        <dl className="sf-cart-totals">
          <div className="sf-cart-totals__row">
            <dt>Subtotal</dt>
            <dd>{money(order.totalProductAmount)}</dd>
          </div>
          {shouldShowDiscount(order.totalAdjustmentAmount) ? (
            <div className="sf-cart-totals__row sf-cart-totals__row--discount">
              <dt>Discounts</dt>
              <dd>{money(order.totalAdjustmentAmount)}</dd>
            </div>
          ) : null}
          <div className="sf-cart-totals__row">
            <dt>Shipping</dt>
            <dd>{money(order.totalDeliveryAmount)}</dd>
          </div>
          <div className="sf-cart-totals__row">
            <dt>Tax</dt>
            <dd>{money(order.totalTaxAmount)}</dd>
          </div>
          <div className="sf-cart-totals__row sf-order__grand-total">
            <dt>Total</dt>
            <dd>{money(order.grandTotalAmount || order.totalAmount)}</dd>
          </div>
        </dl>
      </section>
    </article>
  );
}

type Money = (v: string | null | undefined) => string;

function DeliveryGroupSection({ group, title, items, money }: { group: OrderDeliveryGroup; title: string; items: OrderItemSummary[]; money: Money }) {
  const id = `group-${group.deliveryGroupId}`;
  const lines = deliveryAddressLines(group);
  const desired = formatOrderDate(group.desiredDeliveryDate);
  return (
    <section className="sf-order__section" aria-labelledby={id}>
      <h2 id={id} className="sf-section-title">
        {title}
      </h2>
      <div className="sf-order__delivery">
        <div>
          <h3>Delivery address</h3>
          {lines.length > 0 ? (
            <address>
              {lines.map((l, i) => (
                <span key={i}>{l}</span>
              ))}
            </address>
          ) : (
            <p>No address given</p>
          )}
        </div>
        <div>
          <h3>Delivery method</h3>
          <p>{group.deliveryMethodName || 'Not chosen'}</p>
          {desired ? <p>Requested delivery: {desired}</p> : null}
          {group.shippingInstructions ? <p>Instructions: {group.shippingInstructions}</p> : null}
        </div>
      </div>
      {items.length > 0 ? <ItemsTable items={items} money={money} caption={`Items of ${title.toLowerCase()}`} /> : null}
    </section>
  );
}

/** The products of an order: name (to the product page), SKU, quantity, unit price and line total. */
function ItemsTable({ items, money, caption }: { items: OrderItemSummary[]; money: Money; caption: string }) {
  return (
    <table className="sf-orders__table sf-order__items">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className="sf-orders__amount">
            Quantity
          </th>
          <th scope="col" className="sf-orders__amount">
            Unit price
          </th>
          <th scope="col" className="sf-orders__amount">
            Line total
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((it) => {
          const discount = shouldShowDiscount(it.totalAdjustmentAmount) ? money(it.totalAdjustmentAmount) : null;
          return (
            <tr key={it.orderItemSummaryId}>
              <th scope="row" data-label="Product">
                {it.productId ? <Link to={productPath(it.productId, undefined, it.name)}>{it.name}</Link> : it.name}
                {it.stockKeepingUnit ? (
                  <span className="sf-order__sku">
                    SKU <span>{it.stockKeepingUnit}</span>
                  </span>
                ) : null}
              </th>
              <td data-label="Quantity" className="sf-orders__amount">
                {quantityText(it.quantity)}
              </td>
              <td data-label="Unit price" className="sf-orders__amount">
                {money(it.unitPrice)}
              </td>
              <td data-label="Line total" className="sf-orders__amount">
                {/* quantity × unit price, so that the lines add up to the subtotal; promotions are shown apart. */}
                <span>
                  {money(it.totalPrice)}
                  {discount ? <span className="sf-order__discount">Discount {discount}</span> : null}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
