// How an order reads on the order pages: its date, its delivery address and its payment.

import type { OrderDeliveryGroup, OrderDetail, OrderItemSummary, OrderPayment, OrderSummary } from '../../data/orders';

/** An ISO date and time as a day the buyer reads ("Nov 24, 2026"); '' when there is none or it is not a date. */
export function formatOrderDate(iso: string | null | undefined, locale = 'en-US'): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(t));
}

/** A yyyy-mm-dd day (a date input's value) as the buyer reads it, in their time zone. */
export function formatDay(day: string, locale = 'en-US'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** When the order was placed: its ordered date, or when it was created. */
export function orderDate(order: Pick<OrderSummary, 'orderedDate' | 'createdDate'>): string {
  return formatOrderDate(order.orderedDate || order.createdDate);
}

/** The lines of a delivery address, empty ones left out. */
export function deliveryAddressLines(group: OrderDeliveryGroup): string[] {
  const place = [group.city, [group.region, group.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [group.deliverToName, group.street, place, group.country].filter((l): l is string => !!l && l.trim() !== '');
}

/** How a payment was made: "Purchase order PO-1234", or the card as the server names it ("Visa ending 1111"). */
export function paymentText(payment: OrderPayment): string {
  if (payment.type === 'PurchaseOrder' || payment.purchaseOrderNumber) {
    return payment.purchaseOrderNumber ? `Purchase order ${payment.purchaseOrderNumber}` : 'Purchase order';
  }
  return payment.method.trim() || payment.type || 'Payment';
}

/** The products of an order (its delivery charges are in the totals instead). */
export function productItems(order: OrderDetail): OrderItemSummary[] {
  return order.items.filter((i) => i.type !== 'Delivery Charge');
}

/** A quantity as a whole number when it is one ("2.0" reads 2). */
export function quantityText(q: string): string {
  const n = Number(q);
  return Number.isFinite(n) ? n.toLocaleString('en-US') : q;
}
