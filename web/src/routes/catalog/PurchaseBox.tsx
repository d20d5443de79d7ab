import { useId, useState } from 'react';
import { checkQuantity, describeQuantityRule, hasQuantityRule, quantityMessage, type QuantityRule } from '../../lib/quantity';
import { AddToCartButton } from '../cart/AddToCartButton';
import { QuantityStepper } from './QuantityStepper';

/** The product page's quantity (checked against the purchase quantity rule) and its Add to cart button. */
export function PurchaseBox({ productId, productName, rule }: { productId: string; productName: string; rule: QuantityRule }) {
  const [text, setText] = useState(String(rule.minimum));
  const ids = useId();
  const problem = checkQuantity(text, rule);
  return (
    <div className="sf-purchase">
      <div className="sf-quantity">
        <label htmlFor={`${ids}-qty`}>Quantity</label>
        <QuantityStepper
          id={`${ids}-qty`}
          value={text}
          onChange={setText}
          rule={rule}
          invalid={problem !== null}
          describedBy={`${ids}-qty-help${problem ? ` ${ids}-qty-error` : ''}`}
        />
        <p id={`${ids}-qty-help`} className="sf-quantity__help">
          {hasQuantityRule(rule) ? describeQuantityRule(rule) : 'Sold in any quantity'}
        </p>
        {problem ? (
          <p id={`${ids}-qty-error`} className="sf-field-error" role="alert">
            {quantityMessage(problem, rule)}
          </p>
        ) : null}
      </div>
      <AddToCartButton
        productId={productId}
        productName={productName}
        quantity={Number(text)}
        canAdd={problem === null}
        describedBy={`${ids}-qty-help`}
        className="sf-purchase__add"
      />
    </div>
  );
}
