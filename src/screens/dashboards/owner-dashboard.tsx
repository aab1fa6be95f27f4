import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { clubOwnerDashboardQuery } from '../../api/dashboards.api';
import { DashboardFrame } from './dashboard-frame';

/*
 * The figures' code is requested when the frame first draws, alongside the query: code
 * and data arrive together, and the page's first load is only the frame (issue #16).
 */
const OwnerDashboardContent = lazy(() =>
  import('./owner-dashboard-content').then((module) => ({
    default: module.OwnerDashboardContent,
  })),
);

/**
 * The club owner's Tablero (issue #16): the frame ('Tablero', the club, the day) draws at
 * once; the figures (owner-dashboard-content.tsx) follow with their data.
 */
export function OwnerDashboard({ clubId }: { clubId: number }) {
  const query = useQuery(clubOwnerDashboardQuery(clubId));
  return (
    <DashboardFrame query={query}>
      <OwnerDashboardContent query={query} />
    </DashboardFrame>
  );
}
