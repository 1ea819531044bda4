import { useState } from 'react';
import { ActionKey } from '@/lib/idempotency';

/** One ActionKey per mounted form (a dialog's transfer, a withdrawal). */
export function useActionKey(): ActionKey {
  const [key] = useState(() => new ActionKey());
  return key;
}
