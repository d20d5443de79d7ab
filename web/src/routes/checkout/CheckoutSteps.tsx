// The steps of the checkout page: shipping address, delivery method, payment. Each sends its one
// part (data layer, checkoutApi.ts) and hands the updated checkout back to the page.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getAddresses, type AddressType } from '../../data/addresses';
import { payCheckout, tokenizeCard, updateCheckout, type Address, type Checkout, type DeliveryGroup } from '../../data/checkoutApi';
import { ClientError } from '../../data/errors';
import { formatPrice } from '../../lib/price';
import { AddressFields, AddressText, addressFromForm, bookAddress } from './AddressFields';
import { checkoutErrorText, firstErrorText } from './checkoutText';

export interface StepProps {
  checkout: Checkout;
  guest: boolean;
  onDone: (checkout: Checkout) => void;
}

/** Runs one step's call: busy while it runs, the server's message when it fails. */
function useStepCall() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async (call: () => Promise<void>, fallback: string) => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await call();
    } catch (err) {
      setError(checkoutErrorText(err, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

function StepError({ text }: { text: string }) {
  return text ? (
    <p className="sf-checkout__error" role="alert">
      {text}
    </p>
  ) : null;
}

function useAddressBook(type: AddressType, guest: boolean) {
  return useQuery({
    queryKey: ['addresses', type],
    queryFn: ({ signal }) => getAddresses({ addressType: type, signal }),
    enabled: !guest,
    retry: false,
  });
}

const NEW = 'new';
const PAYMENT_FAILED = 'PAYMENT_FAILED';

export function defaultGroup(checkout: Checkout): DeliveryGroup | undefined {
  return checkout.deliveryGroups.items.find((g) => g.isDefault) ?? checkout.deliveryGroups.items[0];
}

/** Step 1: an address of the book (the default chosen first) or a new one. */
export function AddressStep({ checkout, guest, onDone }: StepProps) {
  const book = useAddressBook('Shipping', guest);
  const items = book.data?.items ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? (items.find((a) => a.isDefault) ?? items[0])?.addressId ?? NEW;
  const { busy, error, run } = useStepCall();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const address: Address = choice === NEW ? addressFromForm(form, 'ship') : { id: choice };
    void run(async () => {
      // A guest's order needs contact details (an email and a last name): one part per update, so first those.
      if (guest) {
        const email = String(form.get('contact-email') ?? '');
        await updateCheckout(checkout.checkoutId, { contactInfo: { email, firstName: address.firstName, lastName: address.lastName, phoneNumber: address.phoneNumber } });
      }
      onDone(await updateCheckout(checkout.checkoutId, { deliveryAddress: address }));
    }, "We couldn't save the shipping address.");
  };

  if (!guest && book.isPending) {
    return (
      <p role="status" aria-busy="true">
        Loading your addresses…
      </p>
    );
  }
  return (
    <form onSubmit={submit} aria-busy={busy} noValidate={false}>
      {items.length > 0 ? (
        <fieldset className="sf-checkout__choices">
          <legend>Ship to</legend>
          {items.map((a) => (
            <label key={a.addressId} className="sf-checkout__choice">
              <input type="radio" name="ship-to" value={a.addressId} checked={choice === a.addressId} onChange={() => setPicked(a.addressId)} />
              <AddressText address={a} />
              {a.isDefault ? <span className="sf-checkout__tag">Default</span> : null}
            </label>
          ))}
          <label className="sf-checkout__choice">
            <input type="radio" name="ship-to" value={NEW} checked={choice === NEW} onChange={() => setPicked(NEW)} />
            <span>A new address</span>
          </label>
        </fieldset>
      ) : null}
      {guest ? (
        <div className="sf-checkout__field">
          <label htmlFor="contact-email">Email</label>
          <input id="contact-email" name="contact-email" type="email" autoComplete="email" required />
        </div>
      ) : null}
      {choice === NEW ? <AddressFields prefix="ship" legend={guest ? 'Shipping address' : 'New shipping address'} /> : null}
      <StepError text={error} />
      <button type="submit" className="sf-button" disabled={busy}>
        {busy ? 'Saving…' : 'Use this address'}
      </button>
    </form>
  );
}

interface Method {
  id: string;
  name?: string;
  carrier?: string | null;
  classOfService?: string | null;
  shippingFee?: string;
  adjustedShippingFee?: string;
  currencyIsoCode?: string;
}

/** Step 2: the group's delivery methods with fee and carrier. */
export function DeliveryStep({ checkout, onDone }: StepProps) {
  const group = defaultGroup(checkout);
  const methods = (group?.availableDeliveryMethods as Method[] | undefined) ?? [];
  const selected = (group?.selectedDeliveryMethod as Method | null | undefined)?.id;
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? selected ?? methods[0]?.id ?? '';
  const currency = String(checkout.cartSummary?.currencyIsoCode ?? 'USD');
  const { busy, error, setError, run } = useStepCall();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!choice) return setError('Choose a delivery method.');
    void run(async () => onDone(await updateCheckout(checkout.checkoutId, { deliveryMethodId: choice })), "We couldn't save the delivery method.");
  };
  if (methods.length === 0) return <p className="sf-checkout__error">No delivery method is available for this address.</p>;
  return (
    <form onSubmit={submit} aria-busy={busy}>
      <fieldset className="sf-checkout__choices">
        <legend>Delivery method</legend>
        {methods.map((m) => (
          <label key={m.id} className="sf-checkout__choice">
            <input type="radio" name="delivery-method" value={m.id} checked={choice === m.id} onChange={() => setPicked(m.id)} />
            <span className="sf-checkout__method">
              <span className="sf-checkout__method-name">{m.name || m.classOfService || 'Delivery'}</span>
              {m.carrier ? <span className="sf-checkout__method-carrier">{[m.carrier, m.classOfService].filter(Boolean).join(' · ')}</span> : null}
            </span>
            <span className="sf-checkout__method-fee">{formatPrice(m.adjustedShippingFee ?? m.shippingFee, m.currencyIsoCode || currency) || '—'}</span>
          </label>
        ))}
      </fieldset>
      <StepError text={error} />
      <button type="submit" className="sf-button" disabled={busy}>
        {busy ? 'Saving…' : 'Use this delivery method'}
      </button>
    </form>
  );
}

type Billing = 'default' | 'shipping' | 'new';

/** Parses MM/YY into month and four-digit year; null when it is not a date. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Step 3: a purchase order (number and billing address) or a card (tokenized, then authorized). */
export function PaymentStep({ checkout, guest, onDone }: StepProps) {
  const [method, setMethod] = useState<'po' | 'card'>(guest ? 'card' : 'po');
  const billingBook = useAddressBook('Billing', guest);
  const defaultBilling = billingBook.data?.items.find((a) => a.isDefault) ?? billingBook.data?.items[0];
  const [billingPick, setBillingPick] = useState<Billing | null>(null);
  const billing: Billing = billingPick ?? (defaultBilling ? 'default' : 'shipping');
  const { busy, error, setError, run } = useStepCall();
  const shipping = defaultGroup(checkout)?.deliveryAddress ?? null;

  const billingAddress = (form: FormData): Address | undefined => {
    if (billing === 'default' && defaultBilling) return bookAddress(defaultBilling);
    if (billing === 'new') return addressFromForm(form, 'bill');
    if (!shipping) return undefined;
    const { id: _id, addressId: _aid, ...rest } = shipping;
    return rest;
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const address = billingAddress(form);
    if (method === 'po') {
      const po = String(form.get('po-number') ?? '').trim();
      if (!po) {
        setError('Enter a purchase order number.');
        (formEl.elements.namedItem('po-number') as HTMLInputElement | null)?.focus();
        return;
      }
      void run(async () => {
        const result = await payCheckout(checkout.checkoutId, { requestType: 'SimplePurchaseOrder', paymentToken: po, billingAddress: address });
        if (result.salesforceResultCode !== 'Success') throw new ClientError(PAYMENT_FAILED, firstErrorText(result.errors, 'The purchase order was not accepted.'));
        onDone(checkout);
      }, 'The purchase order was not accepted.');
      return;
    }
    const expiry = parseExpiry(String(form.get('card-expiry') ?? ''));
    const cardNumber = String(form.get('card-number') ?? '').replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(cardNumber)) return setError('Enter the card number.');
    if (!expiry) return setError('Enter the expiry date as MM/YY.');
    const card = {
      cardHolderName: String(form.get('card-name') ?? '').trim(),
      cardNumber,
      cvv: String(form.get('card-cvc') ?? '').trim(),
      expiryMonth: expiry.month,
      expiryYear: expiry.year,
    };
    // The number lives in the form only until it is sent: the inputs are cleared once tokenized.
    void run(async () => {
      const token = await tokenizeCard(card);
      for (const name of ['card-number', 'card-cvc']) {
        const input = formEl.elements.namedItem(name) as HTMLInputElement | null;
        if (input) input.value = '';
      }
      const result = await payCheckout(checkout.checkoutId, { requestType: 'Auth', paymentToken: token, billingAddress: address });
      if (result.salesforceResultCode !== 'Success') throw new ClientError(PAYMENT_FAILED, firstErrorText(result.errors, 'The card was declined.'));
      onDone(checkout);
    }, 'The card payment failed.');
  };

  return (
    <form onSubmit={submit} aria-busy={busy} noValidate>
      <fieldset className="sf-checkout__choices">
        <legend>Pay by</legend>
        <label className="sf-checkout__choice">
          <input type="radio" name="pay-by" value="po" checked={method === 'po'} onChange={() => setMethod('po')} />
          <span>Purchase order</span>
        </label>
        <label className="sf-checkout__choice">
          <input type="radio" name="pay-by" value="card" checked={method === 'card'} onChange={() => setMethod('card')} />
          <span>Card</span>
        </label>
      </fieldset>
      {method === 'po' ? (
        <div className="sf-checkout__field">
          <label htmlFor="po-number">Purchase order number</label>
          <input id="po-number" name="po-number" required aria-required="true" autoComplete="off" />
        </div>
      ) : (
        <div className="sf-checkout__card">
          <div className="sf-checkout__field">
            <label htmlFor="card-name">Name on card</label>
            <input id="card-name" name="card-name" autoComplete="cc-name" required />
          </div>
          <div className="sf-checkout__field">
            <label htmlFor="card-number">Card number</label>
            <input id="card-number" name="card-number" inputMode="numeric" autoComplete="cc-number" required />
          </div>
          <div className="sf-checkout__field">
            <label htmlFor="card-expiry">Expiry (MM/YY)</label>
            <input id="card-expiry" name="card-expiry" autoComplete="cc-exp" placeholder="MM/YY" required />
          </div>
          <div className="sf-checkout__field">
            <label htmlFor="card-cvc">Security code (CVC)</label>
            <input id="card-cvc" name="card-cvc" inputMode="numeric" autoComplete="cc-csc" required />
          </div>
        </div>
      )}
      <fieldset className="sf-checkout__choices">
        <legend>Billing address</legend>
        {defaultBilling ? (
          <label className="sf-checkout__choice">
            <input type="radio" name="billing" value="default" checked={billing === 'default'} onChange={() => setBillingPick('default')} />
            <AddressText address={defaultBilling} />
          </label>
        ) : null}
        <label className="sf-checkout__choice">
          <input type="radio" name="billing" value="shipping" checked={billing === 'shipping'} onChange={() => setBillingPick('shipping')} />
          <span>Same as the shipping address</span>
        </label>
        <label className="sf-checkout__choice">
          <input type="radio" name="billing" value="new" checked={billing === 'new'} onChange={() => setBillingPick('new')} />
          <span>A new address</span>
        </label>
      </fieldset>
      {billing === 'new' ? <AddressFields prefix="bill" legend="New billing address" /> : null}
      <StepError text={error} />
      <button type="submit" className="sf-button" disabled={busy}>
        {busy ? 'Processing…' : 'Use this payment'}
      </button>
    </form>
  );
}
