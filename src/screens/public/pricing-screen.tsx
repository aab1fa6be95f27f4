import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Plan } from '../../../contract/plans.schema';
import { plansQuery } from '../../api/plans.api';
import { AuthContext } from '../../app/auth-context';
import { usePageMeta } from '../../lib/use-page-meta';
import { selectIsAuthenticated } from '../../machines/auth.selectors';
import { PlanCard } from './plan-card';
import { PublicLayout } from './public-layout';

/** The shell's Pro dialog, loaded on the first click. */
const UpgradeDialog = lazy(() =>
  import('../../components/shell/upgrade-dialog').then((module) => ({
    default: module.UpgradeDialog,
  })),
);

/**
 * /pricing (issue #17): the plans the platform offers (GET /api/plans). 'Actualizar a Pro'
 * opens the upgrade dialog for a signed-in person and sends a visitor to /register.
 */
export function PricingScreen() {
  usePageMeta(
    'Precios',
    'Planes de Gestión deportiva: empieza gratis con todo lo que tu club necesita; el plan Pro llega pronto.',
  );
  const plans = useQuery(plansQuery);
  const signedIn = AuthContext.useSelector(selectIsAuthenticated);
  const [dialog, setDialog] = useState<'closed' | 'open' | 'shut'>('closed');

  return (
    <PublicLayout maxWidth={1000}>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.5rem' }, fontWeight: 800 }}>
        Planes y precios
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4, maxWidth: 640 }}>
        Empieza gratis, sin tarjeta. Cuando el plan Pro esté disponible podrás pasarte con un clic y
        conservar todos los datos de tu club.
      </Typography>
      {plans.isPending ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
          <CircularProgress size={24} aria-hidden />
          Cargando los planes…
        </Box>
      ) : plans.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void plans.refetch()}>
              Reintentar
            </Button>
          }
        >
          No se pudieron cargar los planes. {plans.error.message}
        </Alert>
      ) : plans.data.length === 0 ? (
        <Alert severity="info">Todavía no hay planes publicados.</Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              headingLevel="h2"
              badge={plan.available ? undefined : 'Próximamente'}
              action={
                <PlanAction plan={plan} signedIn={signedIn} onUpgrade={() => setDialog('open')} />
              }
            />
          ))}
        </Box>
      )}
      {dialog !== 'closed' && (
        <Suspense fallback={null}>
          <UpgradeDialog open={dialog === 'open'} onClose={() => setDialog('shut')} />
        </Suspense>
      )}
    </PublicLayout>
  );
}

function PlanAction({
  plan,
  signedIn,
  onUpgrade,
}: {
  plan: Plan;
  signedIn: boolean;
  onUpgrade: () => void;
}) {
  if (plan.id === 'free') {
    return signedIn ? (
      <Button component={RouterLink} to="/home/subscription" variant="outlined" fullWidth>
        Ver mi plan
      </Button>
    ) : (
      <Button component={RouterLink} to="/register" variant="contained" fullWidth>
        Crear mi club gratis
      </Button>
    );
  }
  return signedIn ? (
    <Button variant="contained" fullWidth onClick={onUpgrade}>
      Actualizar a Pro
    </Button>
  ) : (
    <Button component={RouterLink} to="/register" variant="contained" fullWidth>
      Actualizar a Pro
    </Button>
  );
}
