import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { subscriptionQuery } from '../../api/plans.api';
import { AuthContext } from '../../app/auth-context';
import { canUseModule } from '../../lib/permissions';
import { selectPermissions, selectSelectedClub } from '../../machines/auth.selectors';
import { PlanCard } from '../public/plan-card';
import { SubscriptionUsage } from './subscription-usage';

const UpgradeDialog = lazy(() =>
  import('../../components/shell/upgrade-dialog').then((module) => ({
    default: module.UpgradeDialog,
  })),
);

/**
 * /home/subscription (issue #17): the selected club's plan ('Gratis' or 'Pro'), what it
 * includes, its usage and the 'Actualizar a Pro' dialog, for whoever may see the club
 * (club.view, as GET …/subscription asks); anyone else is told who manages it.
 */
export function SubscriptionScreen() {
  const club = AuthContext.useSelector(selectSelectedClub);
  const permissions = AuthContext.useSelector(selectPermissions);
  const mayView = canUseModule(permissions, 'club');
  const clubId = club?.id ?? 0;
  const subscription = useQuery({ ...subscriptionQuery(clubId), enabled: clubId > 0 && mayView });
  const [dialog, setDialog] = useState<'closed' | 'open' | 'shut'>('closed');

  let body;
  if (clubId <= 0) {
    body = (
      <Alert severity="info">
        Selecciona un club para ver su plan.{' '}
        <Link component={RouterLink} to="/home/club-team">
          Elegir club
        </Link>
      </Alert>
    );
  } else if (!mayView) {
    body = (
      <Alert severity="info">
        El plan de {club?.name} lo administra el propietario del club. Pídele que revise la
        suscripción si necesitas más funciones.
      </Alert>
    );
  } else if (subscription.isPending) {
    body = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
        <CircularProgress size={24} aria-hidden />
        Cargando la suscripción…
      </Box>
    );
  } else if (subscription.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void subscription.refetch()}>
            Reintentar
          </Button>
        }
      >
        No se pudo cargar la suscripción. {subscription.error.message}
      </Alert>
    );
  } else {
    const { plan } = subscription.data;
    body = (
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <PlanCard
          plan={plan}
          headingLevel="h2"
          badge="Plan actual"
          action={
            plan.id === 'free' ? (
              <Button variant="contained" onClick={() => setDialog('open')}>
                Actualizar a Pro
              </Button>
            ) : undefined
          }
        />
        <SubscriptionUsage subscription={subscription.data} />
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Suscripción
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, mb: 3 }}>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          {subscription.data
            ? `${subscription.data.club_name} usa el plan ${subscription.data.plan.name}.`
            : 'El plan de tu club y lo que incluye.'}
        </Typography>
        <Link component={RouterLink} to="/pricing">
          Comparar planes
        </Link>
      </Stack>
      {body}
      {dialog !== 'closed' && (
        <Suspense fallback={null}>
          <UpgradeDialog open={dialog === 'open'} onClose={() => setDialog('shut')} />
        </Suspense>
      )}
    </Box>
  );
}
