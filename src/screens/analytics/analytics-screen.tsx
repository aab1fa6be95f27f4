import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import {
  ANALYTICS_DEFAULT_MONTHS,
  ANALYTICS_MONTH_CHOICES,
  type Analytics,
} from '../../../contract/analytics.schema';
import { analyticsQuery } from '../../api/analytics.api';
import { formatMoney } from '../../lib/money';
import { toRequestFailure } from '../../lib/request-failure';
import { FiguresAt } from './figures-at';

// MUI X Charts load with the charts alone, after the page is up.
const AnalyticsCharts = lazy(() => import('./analytics-charts'));

const Loading = ({ text }: { text: string }) => (
  <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', py: 4 }} role="status">
    <CircularProgress size={24} />
    <Typography>{text}</Typography>
  </Stack>
);

function Kpi({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2">{label}</Typography>
      <Typography
        variant="h2"
        component="p"
        sx={{ my: 0.5, whiteSpace: 'nowrap', fontSize: { xs: '1.1rem', sm: undefined } }}
      >
        {value}
      </Typography>
      <Typography variant="caption">{hint}</Typography>
    </Paper>
  );
}

const sum = (data: Analytics, key: 'billed' | 'collected') =>
  data.months.reduce((total, month) => total + month[key], 0);

/** Nothing happened in the months shown: no club, person, player or money at all. */
const isEmpty = (data: Analytics) =>
  data.totals.clubs === 0 &&
  data.totals.users === 0 &&
  sum(data, 'billed') === 0 &&
  sum(data, 'collected') === 0;

/** /home/admin/analytics: Análisis Global (issue #17, super admin). */
export function AnalyticsScreen() {
  const [months, setMonths] = useState<number>(ANALYTICS_DEFAULT_MONTHS);
  const query = useQuery(analyticsQuery(months));
  const data = query.data;
  const number = new Intl.NumberFormat('es-CO');

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: 4 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1">Análisis Global</Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={months}
          onChange={(_event, value: number | null) => value && setMonths(value)}
          aria-label="Meses mostrados"
        >
          {ANALYTICS_MONTH_CHOICES.map((choice) => (
            <ToggleButton key={choice} value={choice} aria-label={`Últimos ${choice} meses`}>
              {choice} meses
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {query.isPending ? (
        <Loading text="Cargando el análisis…" />
      ) : query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Reintentar
            </Button>
          }
        >
          No se pudo cargar el análisis: {toRequestFailure(query.error).message}
        </Alert>
      ) : data && isEmpty(data) ? (
        <Alert severity="info">
          Aún no hay datos: la plataforma no tiene clubes, usuarios ni dinero en estos meses.
        </Alert>
      ) : data ? (
        <>
          <FiguresAt at={data.generated_at} />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              mb: 3,
              gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
            }}
          >
            <Kpi label="Clubes" value={number.format(data.totals.clubs)} hint="Creados en total" />
            <Kpi
              label="Clubes activos"
              value={number.format(data.totals.active_clubs)}
              hint="Con actividad en 30 días"
            />
            <Kpi
              label="Usuarios"
              value={number.format(data.totals.users)}
              hint="Sin cuentas eliminadas"
            />
            <Kpi
              label="Jugadores"
              value={number.format(data.totals.players)}
              hint="Registros en clubes"
            />
            <Kpi
              label="Facturado"
              value={formatMoney(sum(data, 'billed'))}
              hint={`Periodos de los últimos ${data.months.length} meses`}
            />
            <Kpi
              label="Recaudado"
              value={formatMoney(sum(data, 'collected'))}
              hint={`Aprobado en los últimos ${data.months.length} meses`}
            />
          </Box>
          <Box
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}
            aria-busy={query.isFetching}
          >
            <Suspense fallback={<Loading text="Cargando los gráficos…" />}>
              <AnalyticsCharts months={data.months} />
            </Suspense>
          </Box>
        </>
      ) : null}
    </Box>
  );
}
