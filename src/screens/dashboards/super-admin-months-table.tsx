import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AnalyticsMonth } from '../../../contract/analytics.schema';
import { formatMoney } from '../../lib/money';

/*
 * The months of the super admin's dashboard as a table: the charts' accessible
 * alternative, every figure the charts draw, month by month (issue #16).
 */

const number = new Intl.NumberFormat('es-CO');
const monthName = new Intl.DateTimeFormat('es-CO', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'noviembre de 2026' for '2026-11'. */
export const monthText = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

const columns: { title: string; cell: (month: AnalyticsMonth) => string }[] = [
  { title: 'Clubes', cell: (m) => number.format(m.clubs_total) },
  { title: 'Clubes nuevos', cell: (m) => number.format(m.new_clubs) },
  { title: 'Clubes activos', cell: (m) => number.format(m.active_clubs) },
  { title: 'Usuarios', cell: (m) => number.format(m.users_total) },
  { title: 'Usuarios nuevos', cell: (m) => number.format(m.new_users) },
  { title: 'Jugadores', cell: (m) => number.format(m.players_total) },
  { title: 'Jugadores nuevos', cell: (m) => number.format(m.new_players) },
  { title: 'Facturado', cell: (m) => formatMoney(m.billed) },
  { title: 'Recaudado', cell: (m) => formatMoney(m.collected) },
];

/** One row per month, oldest first, as the server answers them. */
export function SuperAdminMonthsTable({ months }: { months: AnalyticsMonth[] }) {
  return (
    <Box
      sx={{ overflowX: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label="Tabla: crecimiento por mes"
    >
      <Table size="small" aria-label="Crecimiento por mes">
        <TableHead>
          <TableRow>
            <TableCell component="th">Mes</TableCell>
            {columns.map((column) => (
              <TableCell key={column.title} component="th" align="right">
                {column.title}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {months.map((month) => (
            <TableRow key={month.month}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {monthText(month.month)}
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column.title} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {column.cell(month)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
