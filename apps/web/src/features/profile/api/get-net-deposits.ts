import { useQuery } from '@tanstack/react-query';
import { getProtectionQueryOptions, type ProtectionAnswer } from '@/lib/api/get-protection';

// The profile's net deposits (issue 28): a view of the one protection-state query.
export type NetDeposits = ProtectionAnswer['netDeposits'];

export function useNetDeposits() {
  return useQuery({ ...getProtectionQueryOptions(), select: (data) => data.netDeposits });
}
