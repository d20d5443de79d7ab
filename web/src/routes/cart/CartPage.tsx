import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { parseCount } from '../../data/cart';
import { settingEnabled } from '../../data/appContext';
import { useCartItems, useCartStatus } from '../../data/cartHooks';
import { useApplicationContext, useSession } from '../../data/hooks';
import { useProductsAvailability } from '../../data/catalogHooks';
import { availableUnits, stockNote } from '../../lib/stock';
import { loginPathFor, useLoginOn401 } from '../guest';
import { Pagination } from '../catalog/Pagination';
import { ErrorState, PageStatus } from '../catalog/Status';
import { useAnnouncement } from '../useAnnouncement';
import { usePageTitle } from '../usePageTitle';
import { CartLineItem } from './CartLineItem';
import { CartTotals } from './CartTotals';
import { ClearCartButton } from './ClearCartButton';
import { CouponForm } from './CouponForm';
import { toCartLineView, type CartLineView } from './cartLine';
import { useCartAccess } from './useCartAccess';
import '../catalog/catalog.css';
import './addToCart.css';
import './cart.css';

const PAGE_PARAM = 'page';

function pageFrom(params: URLSearchParams): number {
  const n = Number(params.get(PAGE_PARAM));
  return Number.isInteger(n) && n > 1 ? n : 1;
}

function itemsText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'item' : 'items'}`;
}

/** What the login did not bring along: products of the guest cart the buyer's cart could not take. */
function preserveNotice(count: number): string {
  return count === 1
    ? "1 product from the cart you had before logging in couldn't be added to your cart."
    : `${count} products from the cart you had before logging in couldn't be added to your cart.`;
}

/** {basePath}/cart: the shopper's cart. Guests of a store without guest carts are sent to log in. */
export function CartPage() {
  usePageTitle('Cart');
  const access = useCartAccess();
  const location = useLocation();
  if (access === 'checking') return <PageStatus>Loading your cart…</PageStatus>;
  if (access === 'login') return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  return <CartContent />;
}

function CartContent() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const items = useCartItems({ pageNumber: page });
  const status = useCartStatus();
  const stock = useProductsAvailability(
    (items.data?.lines ?? []).map((l) => l.item.productId ?? l.item.productDetails?.productId ?? '').filter((id) => id !== ''),
  );
  useLoginOn401(items.error);
  const heading = useRef<HTMLHeadingElement>(null);
  const lineLinks = useRef(new Map<string, HTMLElement>());
  const [announcement, announce] = useAnnouncement();

  const data = items.data;
  const pages = data?.totalNumberOfPages ?? 1;
  // A page that emptied (its last lines removed) gives way to the last page that has lines.
  useEffect(() => {
    if (data && data.lines.length === 0 && page > 1) {
      setParams(pages > 1 ? { [PAGE_PARAM]: String(pages) } : {}, { replace: true });
    }
  }, [data, page, pages, setParams]);

  if (items.isError && !data) {
    return (
      <CartFrame heading={heading} announcement={announcement}>
        <ErrorState title="We couldn't load your cart." error={items.error} onRetry={() => void items.refetch()} retrying={items.isFetching} />
      </CartFrame>
    );
  }
  if (!data) {
    return (
      <CartFrame heading={heading} announcement={announcement}>
        <PageStatus>Loading your cart…</PageStatus>
      </CartFrame>
    );
  }

  const summary = data.summary;
  const currency = summary?.currencyIsoCode || 'USD';
  const itemCount = parseCount(summary?.totalProductCount);
  const views = data.lines.map((line, i) => toCartLineView(line, i, currency));
  const busy = status.isProcessing || items.isFetching || summary?.asyncOperationStatus === 'Processing';
  // Units of each product on this page, against its stock: a line beyond it says so (the checkout would refuse it).
  const units = new Map<string, number>();
  views.forEach((v, i) => {
    if (v.productId) units.set(v.productId, (units.get(v.productId) ?? 0) + data.lines[i].quantity);
  });
  const stockOf = (view: CartLineView) =>
    view.productId ? stockNote(units.get(view.productId) ?? 0, availableUnits(stock.data?.get(view.productId))) : null;
  const shortLines = views.filter((v) => stockOf(v) !== null).length;

  if (views.length === 0 && (page === 1 || pages === 0)) {
    return (
      <CartFrame heading={heading} announcement={announcement}>
        <div className="sf-empty sf-cart__empty">
          <p className="sf-empty__title">Your cart is empty</p>
          <p>
            <Link to="/">Continue shopping</Link>
          </p>
        </div>
      </CartFrame>
    );
  }

  /** After a line is removed, focus goes to the line that took its place (or the one before, or the heading). */
  const onRemoved = (line: CartLineView) => {
    announce(`Removed ${line.name} from your cart.`);
    const keys = views.map((v) => v.key);
    const at = keys.indexOf(line.key);
    const next = keys[at + 1] ?? keys[at - 1];
    (lineLinks.current.get(next ?? '') ?? heading.current)?.focus();
  };

  return (
    <CartFrame heading={heading} announcement={announcement} count={itemCount}>
      {/* Outside the busy region: what is inside an aria-busy region may go unannounced until it is done. */}
      <p className="sf-cart__busy" role="status">
        {busy ? (
          <>
            <span className="sf-spinner sf-spinner--small" aria-hidden="true" /> Updating your cart…
          </>
        ) : null}
      </p>
      <div className="sf-cart__layout">
        <section className="sf-cart__lines" aria-labelledby="cart-lines-title" aria-busy={busy}>
          <h2 id="cart-lines-title" className="visually-hidden">
            Items in your cart
          </h2>
          <div className="sf-cart-lines__head" aria-hidden="true">
            <span className="sf-cart-lines__head-product">Product</span>
            <span>Price</span>
            <span>Quantity</span>
            <span className="sf-cart-lines__head-total">Total</span>
            <span />
          </div>
          <ul className="sf-cart-lines">
            {views.map((view, i) => (
              <CartLineItem
                key={view.key}
                line={view}
                quantity={data.lines[i].quantity}
                stockNote={stockOf(view)}
                onUpdated={(line, quantity) => announce(`Quantity of ${line.name} changed to ${quantity}.`)}
                onRemoved={onRemoved}
                focusRef={(el) => {
                  if (el) lineLinks.current.set(view.key, el);
                  else lineLinks.current.delete(view.key);
                }}
              />
            ))}
          </ul>
          <Pagination page={page} pages={pages} searchFor={(p) => (p > 1 ? `${PAGE_PARAM}=${p}` : '')} />
          <ClearCartButton
            onCleared={() => {
              announce('Your cart is now empty.');
              heading.current?.focus();
            }}
          />
        </section>
        <aside className="sf-cart__summary" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title" className="sf-section-title">
            Order summary
          </h2>
          {summary ? <CartTotals summary={summary} promotions={data.promotions} itemCount={itemCount} /> : null}
          {shortLines > 0 ? (
            <p className="sf-cart__stock-warning" role="status">
              {shortLines === 1
                ? 'One item has more in your cart than is in stock: change it to check out.'
                : `${shortLines} items have more in your cart than is in stock: change them to check out.`}
            </p>
          ) : null}
          <CheckoutLink busy={busy} />
          <CouponForm coupons={data.coupons} announce={announce} />
        </aside>
      </div>
    </CartFrame>
  );
}

/** "Proceed to checkout": for buyers, and for guests of a store with guest checkout; not while the cart is busy. */
function CheckoutLink({ busy }: { busy: boolean }) {
  const session = useSession();
  const guest = session.data?.guestUser !== false;
  const app = useApplicationContext(guest);
  if (!session.data || (guest && !settingEnabled(app.data?.guestCheckoutEnabled))) return null;
  if (busy) {
    return (
      <button type="button" className="sf-button sf-cart__checkout" disabled>
        Proceed to checkout
      </button>
    );
  }
  return (
    <Link to="/checkout" className="sf-button sf-cart__checkout">
      Proceed to checkout
    </Link>
  );
}

/**
 * The page around every state: the heading (focus lands there when the cart empties), the live region of cart
 * changes, and the note about guest-cart products that did not join the buyer's cart at login.
 */
function CartFrame({
  heading,
  announcement,
  count,
  children,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  announcement: string;
  count?: number;
  children: ReactNode;
}) {
  // Whatever the cart shows, the buyer learns that some products of the guest cart did not make it.
  const notPreserved = useCartStatus().preserveGuestCartNumberOfProductsWithError;
  return (
    <div className="sf-page sf-cart">
      <div className="sf-page__header sf-cart__header">
        <h1 ref={heading} tabIndex={-1}>
          Cart
        </h1>
        {count ? <p className="sf-cart__count">{itemsText(count)}</p> : null}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {notPreserved > 0 ? (
        <p className="sf-cart__notice" role="status">
          {preserveNotice(notPreserved)}
        </p>
      ) : null}
      {children}
    </div>
  );
}
