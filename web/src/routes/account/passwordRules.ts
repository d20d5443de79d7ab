// The password rules the forms check before asking the server (which checks them again).

/** The shortest password the server accepts (auth.MinPasswordLen). */
export const MIN_PASSWORD_LENGTH = 8;

/** Client checks of a new password and its confirmation, worded as the server words its own. */
export function newPasswordErrors(newPassword: string, confirm: string): Record<string, string> {
  const fields: Record<string, string> = {};
  if (newPassword.length < MIN_PASSWORD_LENGTH) fields.newPassword = `The new password must have at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (confirm !== newPassword) fields.confirm = 'The passwords do not match.';
  return fields;
}
