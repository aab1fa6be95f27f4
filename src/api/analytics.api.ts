import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type Analytics, analyticsResponseSchema } from '../../contract/analytics.schema';
import { authClient, describeFailures } from './http';

/** Análisis Global (issue #17): `GET /api/admin/analytics?months=` (super admin). */
export const getAnalytics = (months: number): Promise<Analytics> =>
  describeFailures(
    async () =>
      analyticsResponseSchema.parse(await authClient('/admin/analytics', { query: { months } }))
        .data,
  );

/** The platform's figures of the last `months` months, the previous ones kept while loading. */
export const analyticsQuery = (months: number) =>
  queryOptions({
    queryKey: ['admin', 'analytics', months],
    queryFn: () => getAnalytics(months),
    placeholderData: keepPreviousData,
  });
