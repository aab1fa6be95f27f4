import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { accountantDashboardQuery } from '../../api/dashboards.api';
import { DashboardFrame } from './dashboard-frame';

/* As the owner's: the figures' code loads alongside the query, the frame draws first. */
const AccountantDashboardContent = lazy(() =>
  import('./accountant-dashboard-content').then((module) => ({
    default: module.AccountantDashboardContent,
  })),
);

/**
 * The accountant's Tablero (issue #16): the frame draws at once; the figures
 * (accountant-dashboard-content.tsx) follow with their data.
 */
export function AccountantDashboard({ clubId }: { clubId: number }) {
  const query = useQuery(accountantDashboardQuery(clubId));
  return (
    <DashboardFrame query={query}>
      <AccountantDashboardContent query={query} />
    </DashboardFrame>
  );
}
