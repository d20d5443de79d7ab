// The buyer's desired delivery date and shipping instructions: sent with the shipping address (one checkout part,
// spec section 7 "Checkouts": deliveryAddress with desiredDeliveryDate and shippingInstructions).
import type { ShippingExtras } from '../../data/splitShipment';

/** The longest instructions the server keeps. */
export const MAX_INSTRUCTIONS = 1000;

/** Today as YYYY-MM-DD in the buyer's own time zone (a date input's value and min). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Why a desired delivery date is refused ('' when it is fine; blank is fine: no preference). */
export function desiredDateError(value: string, today: string = localToday()): string {
  const v = value.trim();
  if (!v) return '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))) return 'Enter the delivery date as YYYY-MM-DD.';
  return v < today ? 'Choose a delivery date from today on.' : '';
}

/** The extras as sent: blank values are not sent. */
export function readExtras(form: FormData): ShippingExtras {
  const date = String(form.get('desired-delivery-date') ?? '').trim();
  const instructions = String(form.get('shipping-instructions') ?? '').trim();
  return { ...(date ? { desiredDeliveryDate: date } : {}), ...(instructions ? { shippingInstructions: instructions } : {}) };
}

export function DeliveryPreferences({ dateError, initialDate, initialInstructions }: { dateError: string; initialDate?: string; initialInstructions?: string }) {
  return (
    <fieldset className="sf-checkout__preferences">
      <legend>Delivery preferences (optional)</legend>
      <div className="sf-checkout__field">
        <label htmlFor="desired-delivery-date">Desired delivery date</label>
        <input
          id="desired-delivery-date"
          name="desired-delivery-date"
          type="date"
          defaultValue={initialDate}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={dateError ? 'desired-delivery-date-error' : undefined}
        />
        {dateError ? (
          <p id="desired-delivery-date-error" className="sf-field-error" role="alert">
            {dateError}
          </p>
        ) : null}
      </div>
      <div className="sf-checkout__field">
        <label htmlFor="shipping-instructions">Shipping instructions</label>
        <textarea id="shipping-instructions" name="shipping-instructions" rows={3} maxLength={MAX_INSTRUCTIONS} defaultValue={initialInstructions} />
      </div>
    </fieldset>
  );
}
