import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { visuallyHidden } from '@mui/utils';
import Box from '@mui/material/Box';
import { useId } from 'react';
import { attendanceStatusLabels } from '../../../contract/attendance.schema';
import type { ConflictRow } from './attendance-marks';

interface AttendanceConflictDialogProps {
  /** Both lists per player while the trainer chooses; null: closed. */
  rows: ConflictRow[] | null;
  onKeepMine: () => void;
  onKeepTheirs: () => void;
}

const markText = (mark: ConflictRow['mine']) =>
  mark ? `${attendanceStatusLabels[mark.status]}${mark.note ? ` (${mark.note})` : ''}` : '—';

/**
 * Someone else saved the list while this one waited: both, player by player, the
 * differences highlighted; the trainer keeps one (no way out without choosing).
 */
export function AttendanceConflictDialog(props: AttendanceConflictDialogProps) {
  const { rows, onKeepMine, onKeepTheirs } = props;
  const titleId = useId();
  const differing = rows?.filter((row) => row.differs).length ?? 0;
  return (
    <Dialog open={rows !== null} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Otra persona guardó la lista</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Mientras tu lista esperaba, alguien guardó otra. Cambian {differing}{' '}
          {differing === 1 ? 'jugador' : 'jugadores'}. Elige cuál se queda.
        </DialogContentText>
        <Table size="small" aria-label="Tu lista y la del servidor">
          <TableHead>
            <TableRow>
              <TableCell>Jugador</TableCell>
              <TableCell>La mía</TableCell>
              <TableCell>La del servidor</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows ?? []).map((row) => (
              <TableRow
                key={row.player_id}
                data-differs={row.differs}
                sx={row.differs ? { bgcolor: 'action.selected' } : undefined}
              >
                <TableCell sx={row.differs ? { fontWeight: 700 } : undefined}>
                  {row.name}
                  {row.differs && (
                    <Box component="span" sx={visuallyHidden}>
                      {' '}
                      (distinto)
                    </Box>
                  )}
                </TableCell>
                <TableCell>{markText(row.mine)}</TableCell>
                <TableCell>{markText(row.theirs)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeepTheirs}>Usar la del servidor</Button>
        <Button variant="contained" onClick={onKeepMine}>
          Usar la mía
        </Button>
      </DialogActions>
    </Dialog>
  );
}
