// Server refusals of the account forms (login, profile, password, reset), as the forms show them.

import { FetchError } from '../data/errors';

// The server's waits run from 30 seconds to 15 minutes, and to a day once an account has had 100 failed sign-ins
// from browsers its user never used: long waits read in hours, not as "1440 minutes".
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  if (seconds <= 90 * 60) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  const hours = Math.ceil(seconds / 3600);
  return `${hours} hours`;
}

/** The server's refusal of a form: messages by field name, and what belongs to no field. */
export interface FormErrors {
  fields: Record<string, string>;
  form: string | null;
}

/**
 * Places a refusal on the form: entries naming a `field` the form has go beside it, the rest above the form. A 429
 * says when to try again; anything unexpected gets `fallback`.
 */
export function formErrors(error: unknown, known: readonly string[], fallback: string): FormErrors {
  const fields: Record<string, string> = {};
  if (!(error instanceof FetchError)) return { fields, form: fallback };
  if (error.status === 429) {
    const wait = error.retryAfter ? ` (You can try again in ${formatWait(error.retryAfter)}.)` : '';
    return { fields, form: (error.errors[0]?.message || 'Too many attempts. Try again later.') + wait };
  }
  if (error.status !== 400 || !Array.isArray(error.body)) return { fields, form: error.status === 0 ? 'The store could not be reached. Check your connection and try again.' : fallback };
  const unplaced: string[] = [];
  for (const entry of error.body as { message?: string; field?: string }[]) {
    const message = entry.message ?? '';
    if (entry.field && known.includes(entry.field)) fields[entry.field] ??= message;
    else if (message) unplaced.push(message);
  }
  return { fields, form: unplaced.length > 0 ? unplaced.join(' ') : null };
}
