// The payment step's own checks, each tied to its field (issue 15 item 19: a missing card field is flagged where it
// is, not in one message under the billing address), and how the chosen payment reads in the review.

export type PaymentMethod = 'po' | 'card';

/** The form's fields by name, as FormData gives them. */
export const PAYMENT_FIELDS = ['po-number', 'card-name', 'card-number', 'card-expiry', 'card-cvc'] as const;
export type PaymentValues = Partial<Record<(typeof PAYMENT_FIELDS)[number], string>>;

/** Parses MM/YY into month and four-digit year; null when it is not a date. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** The card number as sent: digits only (spaces and dashes as typed are dropped). */
export const cardDigits = (text: string | undefined) => (text ?? '').replace(/[\s-]/g, '');

/** What is wrong with each field of the chosen way to pay, in form order; empty when the form can be sent. */
export function paymentFieldErrors(method: PaymentMethod, v: PaymentValues): [keyof PaymentValues, string][] {
  const out: [keyof PaymentValues, string][] = [];
  const blank = (k: keyof PaymentValues) => (v[k] ?? '').trim() === '';
  if (method === 'po') {
    if (blank('po-number')) out.push(['po-number', 'Enter a purchase order number.']);
    return out;
  }
  if (blank('card-name')) out.push(['card-name', 'Enter the name on the card.']);
  const number = cardDigits(v['card-number']);
  if (number === '') out.push(['card-number', 'Enter the card number.']);
  else if (!/^\d{12,19}$/.test(number)) out.push(['card-number', 'Enter the card number: 12 to 19 digits.']);
  if (blank('card-expiry')) out.push(['card-expiry', 'Enter the expiry date.']);
  else if (!parseExpiry(v['card-expiry'] ?? '')) out.push(['card-expiry', 'Enter the expiry date as MM/YY.']);
  const cvc = (v['card-cvc'] ?? '').trim();
  if (cvc === '') out.push(['card-cvc', 'Enter the security code.']);
  else if (!/^\d{3,4}$/.test(cvc)) out.push(['card-cvc', 'Enter the 3- or 4-digit security code.']);
  return out;
}

/** The payment as the review names it: the purchase order number, or the card's last four digits. */
export function paymentText(method: PaymentMethod, v: PaymentValues): string {
  if (method === 'po') return `Purchase order ${(v['po-number'] ?? '').trim()}`;
  return `Card ending in ${cardDigits(v['card-number']).slice(-4)}`;
}
