import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Suspense, lazy } from 'react';
import { ATTENDANCE_WINDOW_DAYS, type TrainerDashboard } from '../../../contract/dashboards.schema';
import { rateText } from './dashboard-texts';

// MUI X Charts load with the chart alone, after the figures are shown.
const TrainerAttendanceChart = lazy(() => import('./trainer-attendance-chart'));

/**
 * 'Jugadores con baja asistencia': the trainer's players rated below the threshold over
 * the last days, lowest first, as bars and as a table (the chart's accessible alternative).
 */
export function TrainerLowAttendance({ data }: { data: TrainerDashboard['low_attendance'] }) {
  const players = data.players;
  const caption =
    `Últimos ${ATTENDANCE_WINDOW_DAYS} días, por debajo del ${rateText(data.threshold)}. ` +
    'La asistencia cuenta presentes y tardanzas sobre las marcas registradas, sin las excusas.';
  if (players.length === 0) {
    return (
      <Typography color="text.secondary">
        Ningún jugador tiene baja asistencia en los últimos {ATTENDANCE_WINDOW_DAYS} días.
      </Typography>
    );
  }
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
        <TrainerAttendanceChart players={players} />
      </Suspense>
      <Box
        sx={{ overflowX: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label="Tabla: jugadores con baja asistencia"
      >
        <Table size="small" aria-label="Jugadores con baja asistencia">
          <TableHead>
            <TableRow>
              <TableCell component="th">Jugador</TableCell>
              <TableCell component="th" align="right">
                Asistencia
              </TableCell>
              <TableCell component="th" align="right">
                Presentes / registradas
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {players.map((player) => (
              <TableRow key={player.player_id}>
                <TableCell component="th" scope="row">
                  {player.name}
                </TableCell>
                <TableCell align="right">{rateText(player.rate)}</TableCell>
                <TableCell align="right">{`${player.present} / ${player.recorded}`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {caption}
      </Typography>
    </Box>
  );
}
