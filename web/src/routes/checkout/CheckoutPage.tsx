import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateCart, useCartItems } from '../../data/cartHooks';
import { placeOrder, startCheckout, type Checkout } from '../../data/checkoutApi';
import { useApplicationContext, useSession } from '../../data/hooks';
import { settingEnabled } from '../../data/appContext';
import { formatPrice } from '../../lib/price';
import { loginPathFor } from '../guest';
import { PageStatus } from '../catalog/Status';
import { usePageTitle } from '../usePageTitle';
import { toCartLineView } from '../cart/cartLine';
import { AddressText } from './AddressFields';
import { AddressStep, DeliveryStep, PaymentStep, defaultGroup, isSplit } from './CheckoutSteps';
import { ShipmentList } from './SplitShipment';
import type { CartLine } from '../../data/cartTypes';
import { linesByGroup } from '../../data/splitShipment';
import { checkoutErrorText, isInventoryFailure } from './checkoutText';
import '../cart/cart.css';
import './checkout.css';

const STEPS = ['Shipping address', 'Delivery method', 'Payment', 'Review and place order'] as const;

/** What the confirmation page is handed along with the reference in its path. */
export interface ConfirmationState {
  total?: string;
  currency?: string;
  /** A guest's email: the order lookup asks a guest for it. */
  email?: string;
}

type Access = 'checking' | 'allowed' | 'login';

/** Buyers check out; guests only when the store enables guest checkout. */
function useCheckoutAccess(): Access {
  const session = useSession();
  const guest = session.data?.guestUser !== false;
  const app = useApplicationContext(!session.isPending && guest);
  if (session.isPending) return 'checking';
  if (!guest) return 'allowed';
  if (app.isPending) return 'checking';
  return settingEnabled(app.data?.guestCheckoutEnabled) ? 'allowed' : 'login';
}

/** {basePath}/checkout: address, delivery method, payment, review and place, in steps on one page. */
export function CheckoutPage() {
  usePageTitle('Checkout');
  const access = useCheckoutAccess();
  const location = useLocation();
  if (access === 'checking') return <PageStatus>Loading checkout…</PageStatus>;
  if (access === 'login') return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  return <CheckoutFlow />;
}

function CheckoutFlow() {
  const session = useSession();
  const guest = session.data?.guestUser !== false;
  const app = useApplicationContext();
  const splitEnabled = settingEnabled(app.data?.splitShipmentEnabled);
  const start = useQuery({
    queryKey: ['checkout', 'start', session.data?.userId ?? null],
    queryFn: ({ signal }) => startCheckout({ signal }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [step, setStep] = useState(0);
  const [payment, setPayment] = useState('');
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const moved = useRef(false);
  const current = checkout ?? start.data ?? null;

  useEffect(() => {
    if (moved.current) headings.current[step]?.focus();
  }, [step]);

  const next = (at: number) => (updated: Checkout) => {
    setCheckout(updated);
    moved.current = true;
    setStep(at + 1);
  };

  if (start.isError) {
    const inventory = isInventoryFailure(start.error);
    return (
      <CheckoutFrame>
        <div className="sf-error" role="alert">
          <p className="sf-error__title">{inventory ? 'Some products are not available in the quantity you ordered.' : "We couldn't start the checkout."}</p>
          <p>{checkoutErrorText(start.error, inventory ? 'Change the quantities in your cart and try again.' : 'Please try again in a moment.')}</p>
          <p>
            <Link to="/cart">Back to the cart</Link>
          </p>
        </div>
      </CheckoutFrame>
    );
  }
  if (!current) {
    return (
      <CheckoutFrame busy>
        <PageStatus>Preparing your checkout…</PageStatus>
      </CheckoutFrame>
    );
  }

  const group = defaultGroup(current);
  const method = group?.selectedDeliveryMethod as { name?: string; carrier?: string } | null | undefined;
  const split = isSplit(current);
  const done: ReactNode[] = [
    split ? <ShipmentList key="a" checkout={current} show="address" /> : <AddressText key="a" address={group?.deliveryAddress} />,
    split ? <ShipmentList key="d" checkout={current} show="method" /> : <span key="d">{[method?.name, method?.carrier].filter(Boolean).join(' · ')}</span>,
    <span key="p">{payment || 'Payment saved'}</span>,
  ];
  const props = { checkout: current, guest };
  const bodies = [
    <AddressStep key="address" {...props} splitEnabled={splitEnabled} onDone={next(0)} />,
    <DeliveryStep key="delivery" {...props} onDone={next(1)} />,
    <PaymentStep
      key="payment"
      {...props}
      onChange={setCheckout}
      onDone={(updated, paid) => {
        setPayment(paid);
        next(2)(updated);
      }}
    />,
    <ReviewStep key="review" checkout={current} payment={payment} />,
  ];

  return (
    <CheckoutFrame summary={<OrderSummary checkout={current} />}>
      <ol className="sf-checkout__steps">
        {STEPS.map((title, i) => (
          <li key={title} className={`sf-checkout__step${i === step ? ' sf-checkout__step--current' : ''}`} aria-current={i === step ? 'step' : undefined}>
            <section aria-labelledby={`checkout-step-${i}`}>
              <div className="sf-checkout__step-head">
                <h2 id={`checkout-step-${i}`} className="sf-section-title" tabIndex={-1} ref={(el) => void (headings.current[i] = el)}>
                  {i + 1}. {title}
                </h2>
                {i < step ? (
                  <button type="button" className="sf-button sf-button--secondary sf-checkout__change" onClick={() => setStep(i)} aria-label={`Change ${title.toLowerCase()}`}>
                    Change
                  </button>
                ) : null}
              </div>
              {i === step ? bodies[i] : i < step ? <div className="sf-checkout__done">{done[i]}</div> : null}
            </section>
          </li>
        ))}
      </ol>
    </CheckoutFrame>
  );
}

function CheckoutFrame({ children, busy, summary }: { children: ReactNode; busy?: boolean; summary?: ReactNode }) {
  return (
    <div className={`sf-page sf-checkout${summary ? ' sf-checkout--with-summary' : ''}`} aria-busy={busy || undefined}>
      <div className="sf-page__header">
        <h1>Checkout</h1>
      </div>
      <div className="sf-checkout__layout">
        <div className="sf-checkout__main">{children}</div>
        {summary}
      </div>
    </div>
  );
}

/**
 * The order summary beside the steps from the first one on (below them on narrow screens): the items and the
 * checkout's totals, which follow each step (delivery charges, tax, coupons).
 */
function OrderSummary({ checkout }: { checkout: Checkout }) {
  const items = useCartItems({ pageNumber: 1 });
  const s = (checkout.cartSummary ?? {}) as Record<string, unknown>;
  const currency = String(s.currencyIsoCode || 'USD');
  const money = (v: unknown) => formatPrice(v, currency) || '—';
  return (
    <aside className="sf-checkout__summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="sf-section-title">
        Order summary
      </h2>
      <LineList label="Items in your order" lines={items.data?.lines ?? []} currency={currency} />
      <Totals summary={s} money={money} />
    </aside>
  );
}

/** A list of cart lines with their quantities and totals; `all` is the cart's whole list, which numbers them. */
function LineList({ label, lines, currency, all = lines }: { label: string; lines: CartLine[]; currency: string; all?: CartLine[] }) {
  return (
    <ul className="sf-checkout__lines" aria-label={label}>
      {lines.map((l) => {
        const view = toCartLineView(l, all.indexOf(l), currency);
        return (
          <li key={view.key} className="sf-checkout__line">
            <span className="sf-checkout__line-name">{view.name}</span>
            <span>× {l.quantity}</span>
            <span className="sf-checkout__line-total">{view.lineTotal ?? '—'}</span>
          </li>
        );
      })}
    </ul>
  );
}

function Totals({ summary: s, money }: { summary: Record<string, unknown>; money: (v: unknown) => string }) {
  return (
    <dl className="sf-cart-totals">
      <Row label="Subtotal" value={money(s.totalProductAmount)} />
      {/[1-9]/.test(String(s.totalPromotionalAdjustmentAmount ?? '')) ? <Row label="Promotions" value={money(s.totalPromotionalAdjustmentAmount)} /> : null}
      <Row label="Delivery" value={money(s.totalChargeAmount ?? '0')} />
      <Row label="Tax" value={money(s.totalTaxAmount)} />
      <Row label="Total" value={money(s.grandTotalAmount)} />
    </dl>
  );
}

/** Which shipment each line is in (groupOf: cart item id → delivery group id), or the only group when there is one. */
function shipmentsWithItems(checkout: Checkout, lines: CartLine[], groupOf: Map<string, string> | undefined) {
  const groups = checkout.deliveryGroups.items;
  return groups.map((g) => ({
    group: g,
    lines: lines.filter((l) => groups.length === 1 || groupOf?.get(l.item.cartItemId ?? '') === g.id),
  }));
}

/** Step 4: lines, shipments, delivery, tax, promotions and the total; "Place order" once, however often clicked. */
function ReviewStep({ checkout, payment }: { checkout: Checkout; payment: string }) {
  const items = useCartItems({ pageNumber: 1 });
  const client = useQueryClient();
  const navigate = useNavigate();
  const placing = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const s = (checkout.cartSummary ?? {}) as Record<string, unknown>;
  const currency = String(s.currencyIsoCode || 'USD');
  const money = (v: unknown) => formatPrice(v, currency) || '—';
  const lines = items.data?.lines ?? [];
  // With several shipments, which lines each holds (one delivery-groups call with their items).
  const groupIds = checkout.deliveryGroups.items.map((g) => g.id);
  const groupOf = useQuery({
    queryKey: ['checkout', 'lines-by-group', checkout.checkoutId, groupIds.join(',')],
    queryFn: () => linesByGroup(),
    enabled: groupIds.length > 1,
    retry: false,
  });

  const place = async () => {
    if (placing.current) return;
    placing.current = true;
    setBusy(true);
    setError(null);
    try {
      const order = await placeOrder(checkout.checkoutId);
      void invalidateCart(client);
      const state: ConfirmationState = { total: String(s.grandTotalAmount ?? ''), currency, email: checkout.contactInfo?.email };
      navigate(`/order-confirmation/${encodeURIComponent(order.orderReferenceNumber ?? '')}`, { state });
    } catch (err) {
      setError(err);
      placing.current = false;
      setBusy(false);
    }
  };

  return (
    <div aria-busy={busy || items.isPending}>
      {/* Each shipment with its address, method and the items in it; then how the order is paid. */}
      <ol className="sf-checkout__review-shipments" aria-label="Shipments">
        {shipmentsWithItems(checkout, lines, groupOf.data).map(({ group, lines: inGroup }, i, all) => {
          const m = group.selectedDeliveryMethod as { name?: string; carrier?: string; shippingFee?: string; adjustedShippingFee?: string } | null | undefined;
          const title = all.length > 1 ? `Shipment ${i + 1} of ${all.length}` : 'Shipment';
          return (
            <li key={group.id} className="sf-checkout__review-shipment">
              <h3>{title}</h3>
              <AddressText address={group.deliveryAddress} />
              {m ? (
                <p>
                  {[m.name, m.carrier].filter(Boolean).join(' · ')}: {money(m.adjustedShippingFee ?? m.shippingFee)}
                </p>
              ) : null}
              <LineList label={`Items of ${title.toLowerCase()}`} lines={inGroup} currency={currency} all={lines} />
            </li>
          );
        })}
      </ol>
      {payment ? (
        <p className="sf-checkout__review-payment">
          <strong>Payment:</strong> {payment}
        </p>
      ) : null}
      <Totals summary={s} money={money} />
      {error ? (
        <div className="sf-checkout__error" role="alert">
          <p>{checkoutErrorText(error, "We couldn't place your order.")}</p>
          {isInventoryFailure(error) ? <Link to="/cart">Back to the cart</Link> : null}
        </div>
      ) : null}
      <button type="button" className="sf-button sf-checkout__place" onClick={() => void place()} disabled={busy} aria-disabled={busy}>
        {busy ? 'Placing your order…' : 'Place order'}
      </button>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="sf-cart-totals__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
