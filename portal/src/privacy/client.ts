import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
// The privacy area's operations alone: the notice check runs as the app starts, and the whole
// contract (`api`) would put every operation's schemas into the sign-in page's file (issue 20).
import { privacy } from '@bh/shared/contract/privacy';
import { client } from '../providers/http.ts';
import { FIRST_DATA_FRESH_MS } from '../providers/freshness.ts';

export const PRIVACY_QUERY_KEY = ['privacy'] as const;

/** Whether the signed-in person has accepted the notice in force: every page behind the login asks (NoticeGate). */
export const noticeQuery = () =>
  queryOptions({
    queryKey: [...PRIVACY_QUERY_KEY, 'notice'],
    queryFn: async () => (await client.call(privacy.notice)).data,
    staleTime: FIRST_DATA_FRESH_MS,
  });

export function useNotice() {
  return useQuery(noticeQuery());
}
export function useOverview() {
  return useQuery({ queryKey: [...PRIVACY_QUERY_KEY, 'overview'], queryFn: async () => (await client.call(privacy.overview)).data });
}
export function useSessions() {
  return useQuery({ queryKey: [...PRIVACY_QUERY_KEY, 'sessions'], queryFn: async () => (await client.call(privacy.sessions)).data });
}
export function useAccessLog() {
  return useQuery({ queryKey: [...PRIVACY_QUERY_KEY, 'access-log'], queryFn: async () => (await client.call(privacy.accessLog)).data });
}
export function useRequests() {
  return useQuery({ queryKey: [...PRIVACY_QUERY_KEY, 'requests'], queryFn: async () => (await client.call(privacy.requests)).data });
}
export function useNominee() {
  return useQuery({ queryKey: [...PRIVACY_QUERY_KEY, 'nominee'], queryFn: async () => (await client.call(privacy.nominee)).data });
}
export function useQueue(enabled: boolean) {
  return useQuery({ queryKey: [...PRIVACY_QUERY_KEY, 'queue'], queryFn: async () => (await client.call(privacy.queue)).data, enabled });
}

/** Marks every privacy answer stale after a change (a withdrawal also files a request, say). */
export function useRefreshPrivacy(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: PRIVACY_QUERY_KEY }), [queryClient]);
}

/** The archive's address: a plain link, so the browser streams the file to disk as it comes. */
export const ARCHIVE_URL = client.url(privacy.archive);
