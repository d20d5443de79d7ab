// Purchase quantity rules (minimum, maximum, increment): the wire sends them
// as strings; a bound the product does not set is null.

export interface QuantityRule {
  minimum: number;
  maximum: number | null;
  increment: number;
}

function positiveInt(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : null;
}

/** The rule of a product: minimum 1 and increment 1 unless set; no maximum unless set. */
export function normaliseQuantityRule(raw: { minimum?: unknown; maximum?: unknown; increment?: unknown } | null | undefined): QuantityRule {
  const minimum = positiveInt(raw?.minimum) ?? 1;
  const increment = positiveInt(raw?.increment) ?? 1;
  const max = positiveInt(raw?.maximum);
  return { minimum, increment, maximum: max !== null && max >= minimum ? max : null };
}

/** Whether the product has a rule worth telling the buyer about. */
export function hasQuantityRule(rule: QuantityRule): boolean {
  return rule.minimum > 1 || rule.increment > 1 || rule.maximum !== null;
}

export type QuantityProblem = 'notNumber' | 'belowMinimum' | 'aboveMaximum' | 'notIncrement' | null;

/** What is wrong with a quantity under a rule, or null when it is fine. */
export function checkQuantity(value: unknown, rule: QuantityRule): QuantityProblem {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isInteger(n)) return 'notNumber';
  if (n < rule.minimum) return 'belowMinimum';
  if (rule.maximum !== null && n > rule.maximum) return 'aboveMaximum';
  if ((n - rule.minimum) % rule.increment !== 0) return 'notIncrement';
  return null;
}

/** The message of a quantity problem. */
export function quantityMessage(problem: QuantityProblem, rule: QuantityRule): string {
  switch (problem) {
    case 'notNumber':
      return 'Enter a whole number.';
    case 'belowMinimum':
      return `The minimum quantity is ${rule.minimum}.`;
    case 'aboveMaximum':
      return `The maximum quantity is ${rule.maximum}.`;
    case 'notIncrement':
      return `Order in multiples of ${rule.increment}${rule.minimum > 1 ? `, starting at ${rule.minimum}` : ''}.`;
    default:
      return '';
  }
}

/** The largest valid quantity (null without a maximum). */
function largestValid(rule: QuantityRule): number | null {
  if (rule.maximum === null) return null;
  return rule.minimum + Math.floor((rule.maximum - rule.minimum) / rule.increment) * rule.increment;
}

/** The next valid quantity above (1) or below (-1) a value, kept within the rule. */
export function stepQuantity(value: number, rule: QuantityRule, direction: 1 | -1): number {
  const top = largestValid(rule);
  if (!Number.isFinite(value) || value < rule.minimum) return rule.minimum;
  const offset = (value - rule.minimum) / rule.increment;
  let next =
    direction === 1
      ? rule.minimum + (Math.floor(offset) + 1) * rule.increment
      : rule.minimum + (Math.ceil(offset) - 1) * rule.increment;
  if (next < rule.minimum) next = rule.minimum;
  if (top !== null && next > top) next = top;
  return next;
}

/** A one-line description of the rule: "Minimum 5 · Maximum 500 · In multiples of 5". */
export function describeQuantityRule(rule: QuantityRule): string {
  const parts: string[] = [];
  if (rule.minimum > 1) parts.push(`Minimum ${rule.minimum}`);
  if (rule.maximum !== null) parts.push(`Maximum ${rule.maximum}`);
  if (rule.increment > 1) parts.push(`In multiples of ${rule.increment}`);
  return parts.join(' · ');
}
