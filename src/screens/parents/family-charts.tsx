import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReactNode } from 'react';
import { DASHBOARD_MONTHS, type FamilyCharts } from '../../../contract/dashboards.schema';
import { formatMoney } from '../../lib/money';

/*
 * A family's charts (issue #16), loaded with MUI X Charts only when a card shows them:
 * attendance rate by month and the payments billed vs paid by month. Each chart is a
 * figure whose caption says what it counts, with a table of the same figures.
 */

const chartMonth = new Intl.DateTimeFormat('es-CO', { month: 'short', timeZone: 'UTC' });
const tableMonth = new Intl.DateTimeFormat('es-CO', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayOne = (month: string) => new Date(`${month}-01T00:00:00Z`);
/** 'nov' for '2026-11' (the axis), 'noviembre de 2026' (the table). */
const shortMonth = (month: string) => chartMonth.format(dayOne(month));
export const monthText = (month: string) => tableMonth.format(dayOne(month));
/** '85 %' for 0.85. */
export const percentText = (rate: number) => `${Math.round(rate * 100)}\u00a0%`;

const percent = (value: number | null) => (value === null ? '' : `${value}\u00a0%`);
const money = (value: number | null) => (value === null ? '' : formatMoney(value));

function ChartFigure(props: { title: string; caption: string; children: ReactNode }) {
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {props.title}
      </Typography>
      {props.children}
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {props.caption}
      </Typography>
    </Box>
  );
}

function FigureTable(props: { label: string; head: string[]; rows: [string, ...string[]][] }) {
  return (
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`Tabla: ${props.label}`}>
      <Table size="small" aria-label={props.label}>
        <TableHead>
          <TableRow>
            {props.head.map((title, index) => (
              <TableCell key={title} component="th" align={index === 0 ? 'left' : 'right'}>
                {title}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.rows.map(([month, ...cells]) => (
            <TableRow key={month}>
              <TableCell component="th" scope="row">
                {month}
              </TableCell>
              {cells.map((cell, index) => (
                <TableCell key={index} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The two charts of one player in one club, for the last DASHBOARD_MONTHS months. */
export default function FamilyChartsView({ charts, name }: { charts: FamilyCharts; name: string }) {
  const attendance = charts.attendance_months;
  const payments = charts.payment_months;
  const hasPayments = payments.some((month) => month.billed > 0 || month.paid > 0);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <ChartFigure
        title="Asistencia por mes"
        caption={`Asistencia de ${name} en cada mes de los últimos ${DASHBOARD_MONTHS}: presentes y tardanzas sobre las marcas contadas (sin las excusas), de 0 a 100 %. Los meses sin marcas no aparecen.`}
      >
        {attendance.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Aún no hay asistencia registrada en estos meses.
          </Typography>
        ) : (
          <>
            <BarChart
              aria-hidden
              height={200}
              xAxis={[{ scaleType: 'band', data: attendance.map((m) => shortMonth(m.month)) }]}
              yAxis={[{ min: 0, max: 100, valueFormatter: percent, width: 50 }]}
              series={[
                {
                  label: 'Asistencia',
                  data: attendance.map((m) => (m.rate === null ? null : Math.round(m.rate * 100))),
                  valueFormatter: percent,
                },
              ]}
              hideLegend
            />
            <FigureTable
              label={`Asistencia por mes de ${name}`}
              head={['Mes', 'Asistencia', 'Asistió', 'Marcas contadas']}
              rows={attendance.map((m) => [
                monthText(m.month),
                m.rate === null ? '—' : percentText(m.rate),
                String(m.present + m.late),
                String(m.recorded - m.excused),
              ])}
            />
          </>
        )}
      </ChartFigure>
      <ChartFigure
        title="Pagos por mes"
        caption={`Por periodo de los últimos ${DASHBOARD_MONTHS} meses: lo cobrado a ${name} (sin anulados) y lo pagado de ello, en pesos colombianos.`}
      >
        {hasPayments ? (
          <>
            <BarChart
              aria-hidden
              height={200}
              xAxis={[{ scaleType: 'band', data: payments.map((m) => shortMonth(m.month)) }]}
              yAxis={[{ valueFormatter: money, width: 90 }]}
              series={[
                { label: 'Facturado', data: payments.map((m) => m.billed), valueFormatter: money },
                { label: 'Pagado', data: payments.map((m) => m.paid), valueFormatter: money },
              ]}
            />
            <FigureTable
              label={`Pagos por mes de ${name}`}
              head={['Periodo', 'Facturado', 'Pagado']}
              rows={payments.map((m) => [
                monthText(m.month),
                formatMoney(m.billed),
                formatMoney(m.paid),
              ])}
            />
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Sin cobros en estos meses.
          </Typography>
        )}
      </ChartFigure>
    </Box>
  );
}
