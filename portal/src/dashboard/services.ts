import { queryOptions } from '@tanstack/react-query';
import type { PortalDataProvider } from '../providers/dataProvider.ts';
import { FIRST_DATA_FRESH_MS } from '../providers/freshness.ts';

/** The services and their plans (GET /payments/services), for the client's 'Book More Sessions'. */
export const servicesQuery = (dataProvider: PortalDataProvider) =>
  queryOptions({
    queryKey: ['payments', 'services'],
    queryFn: async () => (await dataProvider.getServices()).data,
    staleTime: FIRST_DATA_FRESH_MS,
  });
