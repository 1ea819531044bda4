import type { operatorsTh } from './operators.th';
import type { Widen } from './types';

export const operatorsEn: Widen<typeof operatorsTh> = {
  description: 'Operator accounts and their roles',
};
