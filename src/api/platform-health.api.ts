import { queryOptions } from '@tanstack/react-query';
import {
  type PlatformHealth,
  platformHealthResponseSchema,
} from '../../contract/platform-health.schema';
import { authClient, describeFailures } from './http';

/** `GET /api/admin/platform-health` (super admin): the platform's health at a glance. */
export const getPlatformHealth = (): Promise<PlatformHealth> =>
  describeFailures(
    async () => platformHealthResponseSchema.parse(await authClient('/admin/platform-health')).data,
  );

/** The panel's health cards; refreshed by the 'Actualizar' button, not on a timer. */
export const platformHealthQuery = queryOptions({
  queryKey: ['admin', 'platform-health'] as const,
  queryFn: getPlatformHealth,
});
