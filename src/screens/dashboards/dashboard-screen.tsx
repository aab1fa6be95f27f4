import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  usePrefetchQuery,
  type QueryKey,
  type UsePrefetchQueryOptions,
} from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { CLUB_OWNER_ROLE } from '../../../contract/names';
import {
  accountantDashboardQuery,
  clubOwnerDashboardQuery,
  trainerDashboardQuery,
} from '../../api/dashboards.api';
import { AuthContext } from '../../app/auth-context';
import {
  selectFirstRoleName,
  selectSelectedClubId,
  selectUser,
  selectUserName,
} from '../../machines/auth.selectors';

// Each role's dashboard is its own chunk: an owner never loads the accountant's code.
const OwnerDashboard = lazy(() =>
  import('./owner-dashboard').then((module) => ({ default: module.OwnerDashboard })),
);
const AccountantDashboard = lazy(() =>
  import('./accountant-dashboard').then((module) => ({ default: module.AccountantDashboard })),
);
const TrainerDashboard = lazy(() =>
  import('./trainer-dashboard').then((module) => ({ default: module.TrainerDashboard })),
);

/** Where the roles with a page of their own land instead (SPEC §2 onboarding redirects). */
const elsewhere: Record<string, string> = {
  'Padre/Acudiente': '/home/parent-dashboard',
  Jugador: '/home/player-dashboard',
  'Super Admin': '/admin/dashboard',
};

const Loading = () => (
  <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: 4 }} role="status" aria-label="Cargando">
    <Skeleton variant="text" width={200} height={48} />
    <Skeleton variant="rounded" height={240} />
  </Box>
);

/**
 * /home/dashboard (issue #16): the dashboard of the user's first role; parents, players
 * and the super admin go to theirs; without a role or a club, a greeting that leads to
 * Club / Equipo.
 */
export function DashboardScreen() {
  const role = AuthContext.useSelector(selectFirstRoleName);
  const superAdmin = AuthContext.useSelector((s) => selectUser(s)?.is_super_admin ?? false);
  const clubId = AuthContext.useSelector(selectSelectedClubId);

  const target = role ? elsewhere[role] : superAdmin ? elsewhere['Super Admin'] : undefined;
  if (target) return <Navigate replace to={target} />;
  if (clubId <= 0) return <Greeting noClub />;

  // Each dashboard with its data asked for beside its code (PrefetchQuery).
  let dashboard, prefetch;
  if (role === CLUB_OWNER_ROLE) {
    dashboard = <OwnerDashboard clubId={clubId} />;
    prefetch = <PrefetchQuery options={clubOwnerDashboardQuery(clubId)} />;
  } else if (role === 'Contador') {
    dashboard = <AccountantDashboard clubId={clubId} />;
    prefetch = <PrefetchQuery options={accountantDashboardQuery(clubId)} />;
  } else if (role === 'Entrenador') {
    dashboard = <TrainerDashboard />;
    prefetch = <PrefetchQuery options={trainerDashboardQuery(clubId)} />;
  } else return <Greeting noClub={false} />;
  return (
    <>
      {prefetch}
      <Suspense fallback={<Loading />}>{dashboard}</Suspense>
    </>
  );
}

/**
 * Asks for the role's dashboard while its code loads, so that code and data arrive
 * together: the dashboard's own query, once its chunk has run, finds the call under way
 * instead of starting it one round trip later (Lighthouse's LCP, issue #18).
 */
function PrefetchQuery<Data, Key extends QueryKey>(props: {
  options: UsePrefetchQueryOptions<Data, Error, Data, Data, Key>;
}) {
  usePrefetchQuery(props.options);
  return null;
}

/** A user with no club (or a role without a dashboard): who they are and where to go. */
function Greeting({ noClub }: { noClub: boolean }) {
  const name = AuthContext.useSelector(selectUserName);
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Hola, {name}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        {noClub ? (
          <Typography>
            Aún no trabajas en ningún club. En{' '}
            <Link component={RouterLink} to="/home/club-team">
              Club / Equipo
            </Link>{' '}
            puedes crear tu club o elegir uno al que perteneces.
          </Typography>
        ) : (
          <Typography>
            Tu rol en este club no tiene un tablero propio. Usa el menú para ir a tus secciones, o
            cambia de club en{' '}
            <Link component={RouterLink} to="/home/club-team">
              Club / Equipo
            </Link>
            .
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
