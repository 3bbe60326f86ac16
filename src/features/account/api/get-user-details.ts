// GET the signed-in user's name, phone number and email.
import { api } from '../../../lib/http.ts';
import type { UserDetails } from '../../../shared/api/accounts.ts';
import { accountsPaths } from '../../../shared/api/paths.ts';

export function getUserDetails(): Promise<UserDetails> {
  return api<UserDetails>(accountsPaths.details);
}
