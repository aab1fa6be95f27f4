import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { Link as RouterLink } from 'react-router';
import { ACTIVITY_WINDOW_DAYS } from '../../../contract/analytics.schema';
import { superAdminDashboardQuery } from '../../api/dashboards.api';
import { formatMoney } from '../../lib/money';
import { toRequestFailure } from '../../lib/request-failure';
import { FiguresAt } from '../analytics/figures-at';
import { DashboardTile, DashboardTiles } from './dashboard-tile';
import { SuperAdminMonthsTable, monthText } from './super-admin-months-table';

// MUI X Charts load with the Análisis Global charts alone, after the figures are shown.
const AnalyticsCharts = lazy(() => import('../analytics/analytics-charts'));

const number = new Intl.NumberFormat('es-CO');
/** The super admin's clubs and users: the first tabs of Administración del Sistema. */
const SYSTEM = '/home/admin/system';
const ANALYTICS = '/home/admin/analytics';

/** /admin/dashboard (issue #16): the platform's clubs, people, money and growth. */
export function SuperAdminDashboardScreen() {
  const query = useQuery(superAdminDashboardQuery());
  const data = query.data;
  // The months come oldest first: the last is the current one.
  const current = data?.months.at(-1);
  const money = (key: 'billed' | 'collected') => data && formatMoney(current?.[key] ?? 0);
  const count = (value: number | undefined) =>
    value === undefined ? undefined : number.format(value);
  const month = current ? monthText(current.month) : 'este mes';

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: data ? 1 : 3 }}>
        Panel de administración
      </Typography>
      <FiguresAt at={data?.generated_at} />
      {query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Reintentar
            </Button>
          }
        >
          No se pudo cargar el panel: {toRequestFailure(query.error).message}
        </Alert>
      ) : (
        <>
          <DashboardTiles label="La plataforma" columns={3}>
            <DashboardTile
              title="Clubes"
              value={count(data?.totals.clubs)}
              hint="Clubes creados en la plataforma"
              to={SYSTEM}
              linkText="Ver clubes"
            />
            <DashboardTile
              title={`Clubes activos (${ACTIVITY_WINDOW_DAYS} días)`}
              value={count(data?.totals.active_clubs)}
              hint={`Clubes no archivados con un pago, una sesión, un jugador o un miembro nuevo en los últimos ${ACTIVITY_WINDOW_DAYS} días`}
              to={ANALYTICS}
              linkText="Ver actividad"
            />
            <DashboardTile
              title="Usuarios"
              value={count(data?.totals.users)}
              hint="Personas registradas, sin las cuentas eliminadas"
              to={SYSTEM}
              linkText="Ver usuarios en Administración del Sistema"
            />
            <DashboardTile
              title="Jugadores"
              value={count(data?.totals.players)}
              hint="Registros de jugadores en clubes (uno en dos clubes cuenta dos veces)"
              to={ANALYTICS}
              linkText="Ver crecimiento"
            />
            <DashboardTile
              title="Facturado"
              value={money('billed')}
              hint={`Cobrado a todos los clubes por el periodo de ${month}, sin anulados`}
              to={ANALYTICS}
              linkText="Ver Análisis Global"
            />
            <DashboardTile
              title="Recaudado"
              value={money('collected')}
              hint={`Pagos aprobados en ${month}, sea cual sea el periodo que pagan`}
              to={ANALYTICS}
              linkText="Ver Análisis Global"
            />
          </DashboardTiles>
          {data && data.totals.clubs === 0 && (
            <Alert severity="info" sx={{ mb: 3 }}>
              Aún no hay clubes en la plataforma: el crecimiento aparecerá cuando se cree el
              primero.
            </Alert>
          )}
          <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-busy={query.isFetching}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              sx={{ justifyContent: 'space-between', gap: 1, mb: 2 }}
            >
              <Typography variant="h6" component="h2">
                Crecimiento por mes
              </Typography>
              <Link component={RouterLink} to={ANALYTICS}>
                Ver Análisis Global
              </Link>
            </Stack>
            {data ? (
              <>
                <Box
                  sx={{
                    display: 'grid',
                    gap: 2,
                    mb: 2,
                    gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
                  }}
                >
                  <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
                    <AnalyticsCharts months={data.months} />
                  </Suspense>
                </Box>
                <SuperAdminMonthsTable months={data.months} />
              </>
            ) : (
              <Stack sx={{ gap: 1 }} role="status" aria-label="Cargando">
                <Skeleton variant="rounded" height={260} />
                <Skeleton variant="rounded" height={120} />
              </Stack>
            )}
          </Paper>
        </>
      )}
    </Box>
  );
}
