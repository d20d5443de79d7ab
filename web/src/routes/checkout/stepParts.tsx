// Pieces the checkout steps share: a step's call with its busy state and message, and a delivery method choice.
import { useState } from 'react';
import { formatPrice } from '../../lib/price';
import { checkoutErrorText } from './checkoutText';

/** Runs one step's call: busy while it runs, the server's message when it fails. */
export function useStepCall() {
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

export function StepError({ text }: { text: string }) {
  return text ? (
    <p className="sf-checkout__error" role="alert">
      {text}
    </p>
  ) : null;
}

export interface Method {
  id: string;
  name?: string;
  carrier?: string | null;
  classOfService?: string | null;
  shippingFee?: string;
  adjustedShippingFee?: string;
  currencyIsoCode?: string;
}

/** One delivery method as a radio choice: name, carrier and class, fee. */
export function MethodChoice({ name, method: m, currency, checked, onPick }: { name: string; method: Method; currency: string; checked: boolean; onPick: () => void }) {
  return (
    <label className="sf-checkout__choice">
      <input type="radio" name={name} value={m.id} checked={checked} onChange={onPick} />
      <span className="sf-checkout__method">
        <span className="sf-checkout__method-name">{m.name || m.classOfService || 'Delivery'}</span>
        {m.carrier ? <span className="sf-checkout__method-carrier">{[m.carrier, m.classOfService].filter(Boolean).join(' · ')}</span> : null}
      </span>
      <span className="sf-checkout__method-fee">{formatPrice(m.adjustedShippingFee ?? m.shippingFee, m.currencyIsoCode || currency) || '—'}</span>
    </label>
  );
}
