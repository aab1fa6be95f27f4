import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DEFAULT_TIME_ZONE } from '../../../contract/dates.format';
import { TO_TAKE_DAYS, dashboardMessages } from '../../../contract/dashboards.schema';
import { trainerDashboardQuery } from '../../api/dashboards.api';
import { AuthContext } from '../../app/auth-context';
import { toRequestFailure } from '../../lib/request-failure';
import { selectSelectedClubId } from '../../machines/auth.selectors';
import { DashboardTile, DashboardTiles } from './dashboard-tile';
import { dayBefore, fullDayText, shortDayText } from './dashboard-texts';
import { TrainerLowAttendance } from './trainer-low-attendance';
import { TrainerSessionList } from './trainer-session-list';

/** A block of the dashboard: its heading, what it covers, its content. */
function Section(props: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        {props.title}
      </Typography>
      {props.subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {props.subtitle}
        </Typography>
      )}
      {props.children}
    </Paper>
  );
}

const number = new Intl.NumberFormat('es-CO');

/** The trainer's dashboard (issue #16): their sessions, the roll calls to take, who misses. */
export function TrainerDashboard() {
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1">Tablero</Typography>
      {clubId > 0 ? (
        <TrainerDashboardOf key={clubId} clubId={clubId} />
      ) : (
        <Alert severity="info" sx={{ mt: 3 }}>
          {dashboardMessages.noClub}
        </Alert>
      )}
    </Box>
  );
}

function TrainerDashboardOf({ clubId }: { clubId: number }) {
  const query = useQuery(trainerDashboardQuery(clubId));
  const data = query.data;
  // The answer names the club's zone; the default only while there is nothing to show.
  const timeZone = data?.club.timezone ?? DEFAULT_TIME_ZONE;

  if (query.isError) {
    return (
      <Alert
        severity="error"
        sx={{ mt: 3 }}
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Reintentar
          </Button>
        }
      >
        No se pudo cargar el panel: {toRequestFailure(query.error).message}
      </Alert>
    );
  }
  const loading = (
    <Stack sx={{ gap: 1 }} role="status" aria-label="Cargando">
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
    </Stack>
  );
  return (
    <>
      <Typography sx={{ mb: 3 }} color="text.secondary">
        {data ? `${data.club.name} · Tus categorías y sus sesiones` : <Skeleton width={260} />}
      </Typography>
      <DashboardTiles label="Resumen" columns={2}>
        <DashboardTile
          title="Mis categorías"
          value={data && number.format(data.counts.categories)}
          hint="Las categorías que entrenas en este club"
        />
        <DashboardTile
          title="Mis jugadores"
          value={data && number.format(data.counts.players)}
          hint="Jugadores actuales de tus categorías"
          to="/home/players"
          linkText="Ver jugadores"
        />
      </DashboardTiles>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
        aria-busy={query.isFetching}
      >
        <Section title="Hoy" subtitle={data && fullDayText(data.today.date)}>
          {data ? (
            <TrainerSessionList
              label="Sesiones de hoy"
              sessions={data.today.sessions}
              timeZone={timeZone}
              when="time"
              rollCall
              emptyText="No tienes sesiones hoy."
            />
          ) : (
            loading
          )}
        </Section>
        <Section
          title="Asistencia por tomar"
          subtitle={`Sesiones de los últimos ${TO_TAKE_DAYS} días sin ninguna marca`}
        >
          {data ? (
            <TrainerSessionList
              label="Sesiones sin lista"
              sessions={data.to_take.sessions}
              timeZone={timeZone}
              when="day"
              rollCall
              emptyText="No tienes listas pendientes."
            />
          ) : (
            loading
          )}
        </Section>
        <Section
          title="Esta semana"
          subtitle={
            data &&
            `Del lunes ${shortDayText(data.week.from)} al domingo ${shortDayText(dayBefore(data.week.to))}`
          }
        >
          {data ? (
            <TrainerSessionList
              label="Sesiones de esta semana"
              sessions={data.week.sessions}
              timeZone={timeZone}
              when="day"
              emptyText="No tienes sesiones esta semana."
            />
          ) : (
            loading
          )}
          <Link component={RouterLink} to="/home/calendar" variant="body2">
            Ver calendario
          </Link>
        </Section>
        <Section title="Jugadores con baja asistencia">
          {data ? <TrainerLowAttendance data={data.low_attendance} /> : loading}
        </Section>
      </Box>
    </>
  );
}
