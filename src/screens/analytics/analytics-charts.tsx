import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReactNode } from 'react';
import type { AnalyticsMonth } from '../../../contract/analytics.schema';
import { formatMoney } from '../../lib/money';

/*
 * The Análisis Global charts (MUI X Charts, loaded with this module only: the screen
 * imports it lazily). Each chart says in its caption what its figures count.
 */

const monthName = new Intl.DateTimeFormat('es-CO', {
  month: 'short',
  year: '2-digit',
  timeZone: 'UTC',
});

/** 'nov 26' for '2026-11'. */
export const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

function ChartCard(props: { title: string; caption: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="figure" sx={{ p: 2, m: 0, minWidth: 0 }}>
      <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
        {props.title}
      </Typography>
      {props.children}
      <Typography component="figcaption" variant="body2" sx={{ mt: 1 }}>
        {props.caption}
      </Typography>
    </Paper>
  );
}

const height = 260;

/** The four charts of the months: growth, new per month, active clubs and money. */
export default function AnalyticsCharts({ months }: { months: AnalyticsMonth[] }) {
  const labels = months.map((m) => monthLabel(m.month));
  const xAxis = [{ scaleType: 'band' as const, data: labels }];
  const pointAxis = [{ scaleType: 'point' as const, data: labels }];
  const money = (value: number | null) => (value === null ? '' : formatMoney(value));
  return (
    <>
      <ChartCard
        title="Crecimiento acumulado"
        caption="Total al final de cada mes (el actual, hasta hoy): clubes creados, personas registradas que no eliminaron su cuenta y registros de jugadores en clubes (un jugador en dos clubes cuenta dos veces)."
      >
        <LineChart
          height={height}
          xAxis={pointAxis}
          series={[
            { data: months.map((m) => m.clubs_total), label: 'Clubes' },
            { data: months.map((m) => m.users_total), label: 'Usuarios' },
            { data: months.map((m) => m.players_total), label: 'Jugadores' },
          ]}
        />
      </ChartCard>
      <ChartCard
        title="Altas por mes"
        caption="Clubes, usuarios y jugadores nuevos en cada mes del calendario de Bogotá."
      >
        <BarChart
          height={height}
          xAxis={xAxis}
          series={[
            { data: months.map((m) => m.new_clubs), label: 'Clubes nuevos' },
            { data: months.map((m) => m.new_users), label: 'Usuarios nuevos' },
            { data: months.map((m) => m.new_players), label: 'Jugadores nuevos' },
          ]}
        />
      </ChartCard>
      <ChartCard
        title="Clubes activos"
        caption="Clubes no archivados con actividad en los 30 días hasta el fin de cada mes (el actual, hasta hoy): un pago o comprobante registrado, una sesión programada, un jugador o un miembro nuevo. Los inicios de sesión no se guardan y no cuentan."
      >
        <LineChart
          height={height}
          xAxis={pointAxis}
          series={[
            { data: months.map((m) => m.active_clubs), label: 'Clubes activos', area: true },
          ]}
        />
      </ChartCard>
      <ChartCard
        title="Facturado y recaudado"
        caption="Facturado: lo cobrado a todos los clubes por el periodo de cada mes, sin anulados (las exenciones incluidas). Recaudado: los pagos aprobados en ese mes, por la fecha de aprobación en la zona horaria de cada club, sea cual sea el periodo que pagan."
      >
        <BarChart
          height={height}
          xAxis={xAxis}
          yAxis={[{ valueFormatter: (value: number) => money(value), width: 90 }]}
          series={[
            { data: months.map((m) => m.billed), label: 'Facturado', valueFormatter: money },
            { data: months.map((m) => m.collected), label: 'Recaudado', valueFormatter: money },
          ]}
        />
      </ChartCard>
    </>
  );
}
