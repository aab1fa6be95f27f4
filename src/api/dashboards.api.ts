import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type * as DashboardsContract from '../../contract/dashboards.schema';
import { authClient, describeFailures } from './http';
import { clubKey } from './query-keys';

/*
 * The dashboards (issue #16): one `GET /api/dashboard/<kind>` per screen, in the working
 * club (the `X-Club-Id` the http layer sends). Club dashboards are cached under the
 * selected club, so switching clubs reads the other club's; the super admin's spans the
 * platform. The player's and the parent's are `playerDashboard` and `parentDashboardQuery`
 * in parents.api.ts (issue #15, extended here with charts): kept there so the club
 * dashboards' first load carries no families schema.
 */

/**
 * Calls `path` and parses its answer with the schema `pick` names. The contract (and the
 * payments, analytics and sessions schemas it builds on) loads alongside the call, so it
 * stays out of the page's first load.
 */
const fetchDashboard = <T extends z.ZodType<{ data: unknown }>>(
  path: string,
  pick: (contract: typeof DashboardsContract) => T,
) =>
  describeFailures(async () => {
    const [contract, answer] = await Promise.all([
      import('../../contract/dashboards.schema'),
      authClient(path),
    ]);
    return pick(contract).parse(answer).data as z.output<T>['data'];
  });

/** `GET /api/dashboard/club-owner` of the selected club. */
export const clubOwnerDashboardQuery = (clubId: number) =>
  queryOptions({
    queryKey: clubKey(clubId, 'dashboards', 'club-owner'),
    queryFn: () =>
      fetchDashboard(
        '/dashboard/club-owner',
        (contract) => contract.clubOwnerDashboardResponseSchema,
      ),
  });

/** `GET /api/dashboard/accountant` of the selected club. */
export const accountantDashboardQuery = (clubId: number) =>
  queryOptions({
    queryKey: clubKey(clubId, 'dashboards', 'accountant'),
    queryFn: () =>
      fetchDashboard(
        '/dashboard/accountant',
        (contract) => contract.accountantDashboardResponseSchema,
      ),
  });

/** `GET /api/dashboard/trainer` of the selected club: the caller's categories. */
export const trainerDashboardQuery = (clubId: number) =>
  queryOptions({
    queryKey: clubKey(clubId, 'dashboards', 'trainer'),
    queryFn: () =>
      fetchDashboard('/dashboard/trainer', (contract) => contract.trainerDashboardResponseSchema),
  });

/** `GET /api/dashboard/super-admin`: the platform. */
export const superAdminDashboardQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: () =>
      fetchDashboard(
        '/dashboard/super-admin',
        (contract) => contract.superAdminDashboardResponseSchema,
      ),
  });
