import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import type { DashboardClub } from '../../../contract/dashboards.schema';
import { dayText } from './dashboard-texts';

/** What the frame reads of a club dashboard: the club (its zone, for the day) and when. */
type FramedData = { club: Pick<DashboardClub, 'name' | 'timezone'>; generated_at: string };

interface DashboardFrameProps<Data extends FramedData> {
  query: UseQueryResult<Data>;
  /** The figures (or the error): a lazy component, its code loading while the query runs. */
  children: ReactNode;
}

/**
 * The frame of a club dashboard, drawn before its figures' code and data arrive (issue
 * #16's first load): 'Tablero', the club and the day of the figures, and skeletons until
 * the lazy `children` can draw.
 */
export function DashboardFrame<Data extends FramedData>({
  query,
  children,
}: DashboardFrameProps<Data>) {
  const data = query.data;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1">Tablero</Typography>
      <Typography sx={{ mb: 3 }} color="text.secondary">
        {data ? (
          `${data.club.name} · Cifras al ${dayText(data.generated_at, data.club.timezone)}`
        ) : (
          <Skeleton width={260} />
        )}
      </Typography>
      <Suspense fallback={<DashboardSkeleton />}>{children}</Suspense>
    </Box>
  );
}

/** The figures' places while their code or data is on its way. */
export function DashboardSkeleton() {
  return (
    // A Box, not a Stack: Stack's module would weigh on the first load for one gap.
    <Box sx={{ display: 'grid', gap: 2 }} role="status" aria-label="Cargando el tablero">
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={280} />
      <Skeleton variant="rounded" height={200} />
    </Box>
  );
}
