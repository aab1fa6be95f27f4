import { BarChart } from '@mui/x-charts/BarChart';
import type { MoneyMonth } from '../../../contract/dashboards.schema';
import { formatMoney } from '../../lib/money';
import { useChartWidth } from './chart-turn';
import { categoryText, monthLabel, rateText } from './dashboard-texts';

/*
 * The dashboards' charts (MUI X Charts, loaded with this module only: the dashboards
 * import it lazily, so the first load of /home/dashboard carries no chart code). Their
 * cards, captions and table alternatives are drawn by dashboard-figure.tsx.
 */

const height = 260;
const money = (value: number | null) => (value === null ? '' : formatMoney(value));
const rate = (value: number | null) => (value === null ? '' : rateText(value / 100));

/** 'Facturado vs. recaudado' of the last months, oldest first. */
export function MoneyMonthsChart({ months }: { months: MoneyMonth[] }) {
  const width = useChartWidth();
  return (
    <BarChart
      width={width}
      height={height}
      xAxis={[{ scaleType: 'band', data: months.map((m) => monthLabel(m.month)) }]}
      yAxis={[{ valueFormatter: (value: number) => money(value), width: 90 }]}
      series={[
        { data: months.map((m) => m.billed), label: 'Facturado', valueFormatter: money },
        { data: months.map((m) => m.collected), label: 'Recaudado', valueFormatter: money },
      ]}
    />
  );
}

/** The attendance rate of each category, 0 to 100 %. */
export function AttendanceChart(props: {
  categories: { category_name: string | null; rate: number | null }[];
}) {
  const rows = props.categories;
  const width = useChartWidth();
  return (
    <BarChart
      width={width}
      height={Math.max(160, rows.length * 40 + 60)}
      layout="horizontal"
      yAxis={[
        { scaleType: 'band', data: rows.map((c) => categoryText(c.category_name)), width: 110 },
      ]}
      xAxis={[{ min: 0, max: 100, valueFormatter: (value: number) => rate(value) }]}
      series={[
        {
          data: rows.map((c) => (c.rate === null ? null : Math.round(c.rate * 100))),
          label: 'Asistencia',
          valueFormatter: rate,
        },
      ]}
    />
  );
}

/** The amount approved this month through each payment method. */
export function MethodsChart(props: { methods: { method_name: string; amount: number }[] }) {
  const rows = props.methods;
  const width = useChartWidth();
  return (
    <BarChart
      width={width}
      height={Math.max(160, rows.length * 40 + 60)}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: rows.map((m) => m.method_name), width: 110 }]}
      xAxis={[{ valueFormatter: (value: number) => money(value) }]}
      series={[{ data: rows.map((m) => m.amount), label: 'Aprobado', valueFormatter: money }]}
    />
  );
}
