// The signed-in user's profile and password, and forgotten passwords (README "Profile and passwords"): the web
// app's own calls under {base}/api/.

import { requestJson, request } from './http';
import { sitePath } from './config';

/** The user's own profile; blank values are ''. The email is the sign-in name: read only. */
export interface Profile {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** A profile change: only the properties given change. */
export type ProfileInput = Partial<Pick<Profile, 'firstName' | 'lastName' | 'phone'>>;

export function getProfile(options: { signal?: AbortSignal } = {}): Promise<Profile> {
  return requestJson<Profile>(sitePath('/api/profile'), { signal: options.signal });
}

export function updateProfile(input: ProfileInput): Promise<Profile> {
  return requestJson<Profile>(sitePath('/api/profile'), { method: 'PATCH', body: input });
}

/** Changes the password; the server ends the user's other sessions. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await request(sitePath('/api/profile/password'), { method: 'POST', body: { currentPassword, newPassword } });
}

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<string> {
  const res = await requestJson<{ message: string }>(sitePath('/api/password-reset'), { method: 'POST', body: { email } });
  return res.message;
}

/** Sets a new password with a reset link's token. */
export async function confirmPasswordReset(token: string, newPassword: string): Promise<void> {
  await request(sitePath('/api/password-reset/confirm'), { method: 'POST', body: { token, newPassword } });
}
