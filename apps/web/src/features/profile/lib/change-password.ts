// Change-password rules (spec section 5): all three fields required (submit does nothing
// if one is empty); the new password follows the contract's one password rule, as at
// registration (decision 0133); new and confirmation must match.
import { passwordProblem } from '@wallet/contract/client';
import { ApiError } from '@/lib/api-client';

export interface PasswordFields {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordCheck = 'ok' | 'empty' | 'length' | 'mismatch';

export function checkPasswordChange(fields: PasswordFields): PasswordCheck {
  if (!fields.oldPassword || !fields.newPassword || !fields.confirmPassword) return 'empty';
  if (passwordProblem(fields.newPassword)) return 'length';
  if (fields.newPassword !== fields.confirmPassword) return 'mismatch';
  return 'ok';
}

/** True when the server refused the new password by name (its `field`, decision 0133). */
export function refusedNewPassword(failure: unknown): boolean {
  return failure instanceof ApiError && failure.details.field === 'newPassword';
}
