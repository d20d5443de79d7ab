import type { KeyboardEvent } from 'react';
import { stepQuantity, type QuantityRule } from '../../lib/quantity';

export interface QuantityStepperProps {
  /** The input's id, for the caller's <label htmlFor>. */
  id: string;
  /** The text in the box: kept as typed, so that a half-typed or invalid value can be shown and explained. */
  value: string;
  onChange: (value: string) => void;
  rule: QuantityRule;
  /**
   * Whose quantity it is, where several steppers share a page: names the box ("Quantity of Widget X", over its
   * visible label "Quantity") and the − and + buttons ("Decrease quantity of Widget X").
   */
  itemName?: string;
  invalid?: boolean;
  describedBy?: string;
  /** Enter, or leaving the box: the value is final (the cart saves it then). */
  onCommit?: () => void;
  disabled?: boolean;
}

/** A quantity box between − and + buttons that step by the rule's increment within its bounds. */
export function QuantityStepper({ id, value, onChange, rule, itemName, invalid, describedBy, onCommit, disabled }: QuantityStepperProps) {
  const n = Number(value);
  const of = itemName ? ` of ${itemName}` : '';
  const step = (dir: 1 | -1) => onChange(String(stepQuantity(n, rule, dir)));
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && onCommit) {
      e.preventDefault();
      onCommit();
    }
  };
  return (
    <div className="sf-quantity__control">
      <button type="button" onClick={() => step(-1)} aria-label={`Decrease quantity${of}`} disabled={disabled || n <= rule.minimum}>
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={rule.minimum}
        max={rule.maximum ?? undefined}
        step={rule.increment}
        value={value}
        aria-label={itemName ? `Quantity${of}` : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={(e) => {
          // Moving to the − or + button is not leaving the control: the stepped value is committed later.
          if (!e.currentTarget.parentElement?.contains(e.relatedTarget as Node | null)) onCommit?.();
        }}
        onKeyDown={onKeyDown}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
      <button
        type="button"
        onClick={() => step(1)}
        aria-label={`Increase quantity${of}`}
        disabled={disabled || (rule.maximum !== null && n >= rule.maximum)}
      >
        +
      </button>
    </div>
  );
}
