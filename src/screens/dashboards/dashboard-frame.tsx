import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DashboardClub } from '../../../contract/dashboards.schema';
import { dayText } from './dashboard-texts';

/** What the frame reads of a club dashboard: the club (its zone, for the day) and when. */
type FramedData = { club: Pick<DashboardClub, 'name' | 'timezone'>; generated_at: string };

interface DashboardFrameProps<Data extends FramedData> {
  query: UseQueryResult<Data>;
  children: (data: Data) => ReactNode;
}

/**
 * The frame of a club dashboard: 'Tablero', the club and the day of the figures; skeletons
 * while loading; the server's message with 'Reintentar' when the call fails.
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
      {data ? (
        children(data)
      ) : query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Reintentar
            </Button>
          }
        >
          {query.error.message}
        </Alert>
      ) : (
        <Stack sx={{ gap: 2 }} role="status" aria-label="Cargando el tablero">
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={280} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      )}
    </Box>
  );
}

/** A titled part of a dashboard. */
export function DashboardSection(props: { title: string; id: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={props.id} sx={{ mb: 3, minWidth: 0 }}>
      <Typography variant="h2" id={props.id} sx={{ mb: 1.5 }}>
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}

/** What an empty part says (a brand-new club), with what to do next. */
export function EmptyPart({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Typography color="text.secondary">{children}</Typography>
    </Paper>
  );
}
