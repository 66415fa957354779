import { useQuery } from '@tanstack/react-query';
import { can } from '@app/domain';
import { apiUrl, httpClient } from '../providers/httpClient';

/** The react-query key of the Disputes due count; the live `disputes.changed` event sets it. */
export const DISPUTES_DUE_KEY = ['disputesDue'];

/** How many disputes wait for an answer (the sidebar's Disputes due count), for a role that reads disputes. */
export function useDisputesDue(role: string | undefined) {
  return useQuery({
    queryKey: DISPUTES_DUE_KEY,
    queryFn: async () => ((await httpClient(apiUrl('disputes-due-count'))).json as { due: number }).due,
    enabled: can(role, 'disputes.read'),
    staleTime: 60_000,
  });
}
