import EditNote from '@mui/icons-material/EditNote';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ATTENDANCE_NOTE_MAX,
  type AttendanceStatus,
  attendanceStatusLabels,
} from '../../../contract/attendance.schema';
import { type RollCallRow, rowLabel } from './attendance-marks';

/** The chip's colour of each mark, from the theme's palette. */
export const statusColors = {
  present: 'success',
  absent: 'error',
  late: 'warning',
  excused: 'info',
} as const satisfies Record<AttendanceStatus, string>;

interface AttendanceRowProps {
  row: RollCallRow;
  /** A closed list, or a caller who may not take it: the row only shows. */
  readOnly: boolean;
  noteOpen: boolean;
  onCycle: () => void;
  onToggleNote: () => void;
  onNote: (note: string) => void;
}

/**
 * One player of the roll call, a big row for a phone: one tap (anywhere on it, the chip
 * included) moves the mark to the next; the note button opens a small field under it.
 */
export function AttendanceRow(props: AttendanceRowProps) {
  const { row, readOnly, noteOpen, onCycle, onToggleNote, onNote } = props;
  const label = attendanceStatusLabels[row.status];
  const detailId = `roll-call-detail-${row.player_id}`;
  const content = (
    <>
      {/* Decorative (the name follows); grey 700 keeps its letter readable, 5.7:1. */}
      <Avatar
        src={row.photo_url ?? undefined}
        alt=""
        aria-hidden
        sx={{ width: 40, height: 40, bgcolor: 'grey.700' }}
      >
        {row.jersey_number ?? row.name.charAt(0)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0, textAlign: 'left' }}>
        {/* The whole name, wrapped: two brothers' names may differ only at the end. */}
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.name}</Typography>
        <Typography id={detailId} variant="body2" color="text.secondary" noWrap>
          {row.jersey_number !== null ? `Camiseta ${row.jersey_number}` : 'Sin camiseta'}
          {row.note ? ` · ${row.note}` : ''}
        </Typography>
      </Box>
      <Chip label={label} color={statusColors[row.status]} sx={{ minWidth: 88, flexShrink: 0 }} />
    </>
  );
  // minWidth 0: the row shrinks to the screen (the name wraps) instead of pushing the chip
  // and the note button past a phone's edge.
  const rowSx = {
    display: 'flex',
    gap: { xs: 1, sm: 1.5 },
    alignItems: 'center',
    minHeight: 64,
    minWidth: 0,
    px: { xs: 1, sm: 1.5 },
  };

  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        {readOnly ? (
          <Box sx={{ ...rowSx, flex: 1 }} aria-label={`${row.name}: ${label}`} role="group">
            {content}
          </Box>
        ) : (
          // The whole row is one button laid over what it shows: its name says the mark and
          // what a tap does, the row's second line describes it (a name taken from the
          // content would not say 'Tocar para cambiar'; an aria-label over visible text
          // that it does not repeat fails WCAG 2.5.3).
          <Box sx={{ ...rowSx, flex: 1, position: 'relative' }}>
            <Box aria-hidden sx={{ display: 'contents' }}>
              {content}
            </Box>
            <ButtonBase
              onClick={onCycle}
              aria-label={rowLabel(row)}
              aria-describedby={detailId}
              sx={{
                position: 'absolute',
                inset: 0,
                '&:hover': { bgcolor: 'action.hover' },
                '&.Mui-focusVisible': { bgcolor: 'action.focus' },
              }}
            />
          </Box>
        )}
        {!readOnly && (
          <IconButton
            onClick={onToggleNote}
            aria-label={`Nota de ${row.name}`}
            aria-expanded={noteOpen}
            sx={{ mx: 0.5 }}
          >
            <EditNote />
          </IconButton>
        )}
      </Stack>
      {noteOpen && !readOnly && (
        <Stack direction="row" sx={{ gap: 1, px: 1.5, pb: 1.5, alignItems: 'center' }}>
          <TextField
            label={`Nota de ${row.name}`}
            size="small"
            fullWidth
            value={row.note ?? ''}
            onChange={(event) => onNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: ATTENDANCE_NOTE_MAX } }}
          />
          <Button onClick={onToggleNote}>Listo</Button>
        </Stack>
      )}
    </Box>
  );
}
