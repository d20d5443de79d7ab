import { describe, expect, it } from 'vitest';
import { parseExpiry, paymentFieldErrors, paymentText } from './paymentFields';

describe('payment fields', () => {
  it('flags each missing card field by name, in form order', () => {
    expect(paymentFieldErrors('card', {})).toEqual([
      ['card-name', 'Enter the name on the card.'],
      ['card-number', 'Enter the card number.'],
      ['card-expiry', 'Enter the expiry date.'],
      ['card-cvc', 'Enter the security code.'],
    ]);
    expect(paymentFieldErrors('card', { 'card-name': 'A B', 'card-number': '4111 1111', 'card-expiry': '13/30', 'card-cvc': '12' })).toEqual([
      ['card-number', 'Enter the card number: 12 to 19 digits.'],
      ['card-expiry', 'Enter the expiry date as MM/YY.'],
      ['card-cvc', 'Enter the 3- or 4-digit security code.'],
    ]);
    expect(paymentFieldErrors('card', { 'card-name': 'A B', 'card-number': '4111-1111-1111-1111', 'card-expiry': '12/30', 'card-cvc': '123' })).toEqual([]);
  });

  it('asks a purchase order for its number only', () => {
    expect(paymentFieldErrors('po', { 'po-number': '  ' })).toEqual([['po-number', 'Enter a purchase order number.']]);
    expect(paymentFieldErrors('po', { 'po-number': 'PO-1' })).toEqual([]);
  });

  it('names the payment for the review', () => {
    expect(paymentText('po', { 'po-number': ' PO-7 ' })).toBe('Purchase order PO-7');
    expect(paymentText('card', { 'card-number': '4111 1111 1111 1234' })).toBe('Card ending in 1234');
    expect(parseExpiry('1/2031')).toEqual({ month: 1, year: 2031 });
  });
});
