import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Meeting } from '@bh/shared';
import type { PortalDataProvider } from '../providers/dataProvider.ts';
import { FIRST_DATA_FRESH_MS } from '../providers/freshness.ts';
import { usePortalDataProvider } from '../providers/hooks.ts';
import { sortByStart } from './meetingTime.ts';

export const MEETINGS_QUERY_KEY = ['meetings'] as const;

/** The signed-in user's meetings (GET /meeting/get-meetings), earliest first. */
export const meetingsQuery = (dataProvider: PortalDataProvider) =>
  queryOptions<Meeting[]>({
    queryKey: MEETINGS_QUERY_KEY,
    queryFn: async ({ signal }) => sortByStart((await dataProvider.getMeetings(signal)).meetings),
    staleTime: FIRST_DATA_FRESH_MS,
  });

export function useMeetings(enabled: boolean) {
  const dataProvider = usePortalDataProvider();
  return useQuery({ ...meetingsQuery(dataProvider), enabled });
}

/** Marks the meetings stale after a join, a report or a deletion. */
export function useInvalidateMeetings(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: MEETINGS_QUERY_KEY }), [queryClient]);
}
