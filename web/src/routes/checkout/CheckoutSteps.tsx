// The steps of the checkout page: shipping address (one, or one per line with split shipment), delivery method,
// payment. Each sends its part (data layer, checkoutApi.ts and splitShipment.ts) and hands the updated checkout
// back to the page.
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getAddresses, type AddressType } from '../../data/addresses';
import { useCartItems } from '../../data/cartHooks';
import { payCheckout, tokenizeCard, updateCheckout, type Address, type Checkout, type DeliveryGroup } from '../../data/checkoutApi';
import { linesByGroup, shipLinesTo } from '../../data/splitShipment';
import { ClientError } from '../../data/errors';
import { AddressFields, AddressText, addressFromForm, bookAddress } from './AddressFields';
import { firstErrorText } from './checkoutText';
import { PAYMENT_FIELDS, cardDigits, parseExpiry, paymentFieldErrors, paymentText, type PaymentValues } from './paymentFields';
import { CheckoutCoupons } from './CheckoutCoupons';
import { DeliveryPreferences, desiredDateError, readExtras } from './DeliveryPreferences';
import { SplitDeliveryStep, SplitLines } from './SplitShipment';
import { MethodChoice, StepError, useStepCall, type Method } from './stepParts';

export interface StepProps {
  checkout: Checkout;
  guest: boolean;
  onDone: (checkout: Checkout) => void;
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
/** The split-shipment list shows up to this many lines (the arrange call moves whole lines). */
const SPLIT_LINE_LIMIT = 100;

export function defaultGroup(checkout: Checkout): DeliveryGroup | undefined {
  return checkout.deliveryGroups.items.find((g) => g.isDefault) ?? checkout.deliveryGroups.items[0];
}

export function isSplit(checkout: Checkout): boolean {
  return checkout.deliveryGroups.items.length > 1;
}

/**
 * Step 1: an address of the book (the default chosen first) or a new one, with the delivery preferences. Where
 * the store enables split shipment, a buyer with saved addresses may instead pick an address for each line.
 */
export function AddressStep({ checkout, guest, onDone, splitEnabled }: StepProps & { splitEnabled: boolean }) {
  const book = useAddressBook('Shipping', guest);
  const items = book.data?.items ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? (items.find((a) => a.isDefault) ?? items[0])?.addressId ?? NEW;
  const canSplit = splitEnabled && !guest && items.length > 0;
  const [splitPick, setSplitPick] = useState<boolean | null>(null);
  const split = canSplit && (splitPick ?? isSplit(checkout));
  const cartLines = useCartItems({ pageNumber: 1, pageSize: SPLIT_LINE_LIMIT, enabled: canSplit });
  const lines = (cartLines.data?.lines ?? []).filter((l) => l.item.cartItemId && (l.item.type ?? 'Product') === 'Product');
  const placed = useQuery({ queryKey: ['checkout', 'lines-by-group', checkout.checkoutId], queryFn: linesByGroup, enabled: split, retry: false, gcTime: 0 });
  const [assigned, setAssigned] = useState<Record<string, string>>({});
  const [dateError, setDateError] = useState('');
  const { busy, error, setError, run } = useStepCall();
  const group = defaultGroup(checkout);

  /** A line's address: the buyer's pick, else its group's saved address, else the one chosen above. */
  const lineAddress = (cartItemId: string): string => {
    if (assigned[cartItemId]) return assigned[cartItemId];
    const groupId = placed.data?.get(cartItemId);
    const saved = checkout.deliveryGroups.items.find((g) => g.id === groupId)?.deliveryAddress?.id;
    if (saved && items.some((a) => a.addressId === saved)) return saved;
    return choice === NEW ? items[0].addressId : choice;
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const extras = readExtras(form);
    const badDate = desiredDateError(extras.desiredDeliveryDate ?? '');
    setDateError(badDate);
    if (badDate) {
      (e.currentTarget.elements.namedItem('desired-delivery-date') as HTMLInputElement | null)?.focus();
      return;
    }
    if (split) {
      if (lines.length === 0) return setError('Your cart has no items to ship.');
      const destinations = lines.map((l) => ({ cartItemId: l.item.cartItemId as string, address: { id: lineAddress(l.item.cartItemId as string) } }));
      void run(async () => onDone(await shipLinesTo(destinations, extras)), "We couldn't save the shipping addresses.");
      return;
    }
    const address: Address = choice === NEW ? addressFromForm(form, 'ship') : { id: choice };
    void run(async () => {
      // A guest's order needs contact details (an email and a last name): one part per update, so first those.
      if (guest) {
        const email = String(form.get('contact-email') ?? '');
        await updateCheckout(checkout.checkoutId, { contactInfo: { email, firstName: address.firstName, lastName: address.lastName, phoneNumber: address.phoneNumber } });
      }
      if (isSplit(checkout)) {
        // Back to one address: every line into the default group first.
        const all = [...(await linesByGroup()).keys()].map((cartItemId) => ({ cartItemId, address }));
        onDone(await shipLinesTo(all, extras));
        return;
      }
      onDone(await updateCheckout(checkout.checkoutId, { deliveryAddress: address, ...extras }));
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
    <form onSubmit={submit} aria-busy={busy}>
      {canSplit ? (
        <label className="sf-checkout__split-toggle">
          <input type="checkbox" name="split-shipment" checked={split} onChange={(e) => setSplitPick(e.target.checked)} />
          <span>Ship to multiple addresses</span>
        </label>
      ) : null}
      {split ? (
        cartLines.isPending || placed.isPending ? (
          <p role="status" aria-busy="true">
            Loading your items…
          </p>
        ) : (
          <SplitLines lines={lines} addresses={items} value={Object.fromEntries(lines.map((l) => [l.item.cartItemId as string, lineAddress(l.item.cartItemId as string)]))} onChange={(id, addressId) => setAssigned((a) => ({ ...a, [id]: addressId }))} />
        )
      ) : (
        <>
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
        </>
      )}
      <DeliveryPreferences
        dateError={dateError}
        initialDate={typeof group?.desiredDeliveryDate === 'string' ? group.desiredDeliveryDate.slice(0, 10) : undefined}
        initialInstructions={typeof group?.shippingInstructions === 'string' ? group.shippingInstructions : undefined}
      />
      <StepError text={error} />
      <button type="submit" className="sf-button" disabled={busy}>
        {busy ? 'Saving…' : split ? 'Use these addresses' : 'Use this address'}
      </button>
    </form>
  );
}

/** Step 2: the group's delivery methods with fee and carrier (one set per shipment when split). */
export function DeliveryStep({ checkout, onDone }: StepProps) {
  const group = defaultGroup(checkout);
  const methods = (group?.availableDeliveryMethods as Method[] | undefined) ?? [];
  const selected = (group?.selectedDeliveryMethod as Method | null | undefined)?.id;
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? selected ?? methods[0]?.id ?? '';
  const currency = String(checkout.cartSummary?.currencyIsoCode ?? 'USD');
  const { busy, error, setError, run } = useStepCall();

  if (isSplit(checkout)) return <SplitDeliveryStep checkout={checkout} onDone={onDone} />;
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
          <MethodChoice key={m.id} name="delivery-method" method={m} currency={currency} checked={choice === m.id} onPick={() => setPicked(m.id)} />
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

/** Step 3: coupons and the total to pay, then a purchase order (number and billing address) or a card (tokenized, then authorized). */
export function PaymentStep({ checkout, guest, onDone, onChange }: Omit<StepProps, 'onDone'> & {
  onChange: (c: Checkout) => void;
  /** Told the payment as the review names it ("Purchase order PO-7", "Card ending in 1111"). */
  onDone: (checkout: Checkout, payment: string) => void;
}) {
  const [method, setMethod] = useState<'po' | 'card'>(guest ? 'card' : 'po');
  const billingBook = useAddressBook('Billing', guest);
  const defaultBilling = billingBook.data?.items.find((a) => a.isDefault) ?? billingBook.data?.items[0];
  const [billingPick, setBillingPick] = useState<Billing | null>(null);
  const billing: Billing = billingPick ?? (defaultBilling ? 'default' : 'shipping');
  const { busy, error, setError, run } = useStepCall();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof PaymentValues, string>>>({});
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
    const values = Object.fromEntries(PAYMENT_FIELDS.map((k) => [k, String(form.get(k) ?? '')])) as PaymentValues;
    // Each missing or malformed field is flagged where it is; focus goes to the first.
    const problems = paymentFieldErrors(method, values);
    setFieldErrors(Object.fromEntries(problems));
    if (problems.length > 0) {
      setError('');
      (formEl.elements.namedItem(problems[0][0]) as HTMLInputElement | null)?.focus();
      return;
    }
    const chosen = paymentText(method, values);
    if (method === 'po') {
      const po = (values['po-number'] ?? '').trim();
      void run(async () => {
        const result = await payCheckout(checkout.checkoutId, { requestType: 'SimplePurchaseOrder', paymentToken: po, billingAddress: address });
        if (result.salesforceResultCode !== 'Success') throw new ClientError(PAYMENT_FAILED, firstErrorText(result.errors, 'The purchase order was not accepted.'));
        onDone(checkout, chosen);
      }, 'The purchase order was not accepted.');
      return;
    }
    const expiry = parseExpiry(values['card-expiry'] ?? '')!;
    const card = {
      cardHolderName: (values['card-name'] ?? '').trim(),
      cardNumber: cardDigits(values['card-number']),
      cvv: (values['card-cvc'] ?? '').trim(),
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
      onDone(checkout, chosen);
    }, 'The card payment failed.');
  };
  const field = (name: keyof PaymentValues, label: string, props: Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) => (
    <PaymentField name={name} label={label} error={fieldErrors[name]} {...props} />
  );

  return (
    <>
      <CheckoutCoupons checkout={checkout} onChange={onChange} />
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
          field('po-number', 'Purchase order number', { autoComplete: 'off' })
        ) : (
          <div className="sf-checkout__card">
            {field('card-name', 'Name on card', { autoComplete: 'cc-name' })}
            {field('card-number', 'Card number', { inputMode: 'numeric', autoComplete: 'cc-number' })}
            {field('card-expiry', 'Expiry (MM/YY)', { autoComplete: 'cc-exp', placeholder: 'MM/YY' })}
            {field('card-cvc', 'Security code (CVC)', { inputMode: 'numeric', autoComplete: 'cc-csc' })}
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
    </>
  );
}

/** One required payment field with its own message under it (aria-invalid and aria-describedby while it has one). */
function PaymentField({ name, label, error, ...props }: { name: keyof PaymentValues; label: string; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const errorId = `${name}-error`;
  return (
    <div className="sf-checkout__field">
      <label htmlFor={name}>{label}</label>
      <input id={name} name={name} required aria-required="true" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...props} />
      {error ? (
        <p id={errorId} className="sf-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
