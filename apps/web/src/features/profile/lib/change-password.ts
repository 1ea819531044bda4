// Change-password rules (spec section 5): all three fields required (submit does nothing
// if one is empty); new and confirmation must match. No length rule on the client.
export interface PasswordFields {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordCheck = 'ok' | 'empty' | 'mismatch';

export function checkPasswordChange(fields: PasswordFields): PasswordCheck {
  if (!fields.oldPassword || !fields.newPassword || !fields.confirmPassword) return 'empty';
  if (fields.newPassword !== fields.confirmPassword) return 'mismatch';
  return 'ok';
}
