import { BarChart } from '@mui/x-charts/BarChart';
import type { TrainerDashboard } from '../../../contract/dashboards.schema';

/*
 * The low-attendance bars of the trainer's dashboard (MUI X Charts, loaded with this
 * module only: the dashboard imports it lazily). The table beside it says the same.
 */

type LowPlayer = TrainerDashboard['low_attendance']['players'][number];

const percent = (value: number | null) => (value === null ? '' : `${Math.round(value)} %`);

/** One bar per player: the rate, 0–100 %. */
export default function TrainerAttendanceChart({ players }: { players: LowPlayer[] }) {
  return (
    <BarChart
      aria-hidden
      layout="horizontal"
      height={Math.max(120, 40 * players.length + 50)}
      yAxis={[{ scaleType: 'band', data: players.map((player) => player.name), width: 110 }]}
      xAxis={[{ min: 0, max: 100, valueFormatter: percent }]}
      series={[
        {
          data: players.map((player) => Math.round((player.rate ?? 0) * 100)),
          label: 'Asistencia (%)',
          valueFormatter: percent,
        },
      ]}
      hideLegend
    />
  );
}
