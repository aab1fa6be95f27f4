import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { AttendanceSheet } from '../../../contract/attendance.schema';
import { type Session, sessionTypeLabels } from '../../../contract/sessions.schema';

const when = new Intl.DateTimeFormat('es-CO', { dateStyle: 'full', timeStyle: 'short' });
const instant = new Intl.DateTimeFormat('es-CO', { dateStyle: 'medium', timeStyle: 'short' });

interface AttendanceHeaderProps {
  session: Session;
  sheet: AttendanceSheet;
  /** When the copy shown was fetched, if the server could not be reached. */
  cachedAt: string | null;
}

/** The session the roll call is for, and why the list may be read-only. */
export function AttendanceHeader({ session, sheet, cachedAt }: AttendanceHeaderProps) {
  return (
    <Stack sx={{ gap: 1, mb: 2 }}>
      <Button
        component={RouterLink}
        to="/home/calendar"
        startIcon={<ArrowBack />}
        sx={{ alignSelf: 'flex-start' }}
      >
        Calendario
      </Button>
      <Typography variant="h1">Asistencia: {session.title}</Typography>
      <Typography color="text.secondary">
        {sessionTypeLabels[session.type]} · {session.category_name ?? 'Todo el club'}
      </Typography>
      <Typography color="text.secondary">{when.format(new Date(session.starts_at))}</Typography>
      {cachedAt && (
        <Alert severity="warning">
          Sin conexión: se muestra la lista guardada en este dispositivo el{' '}
          {instant.format(new Date(cachedAt))}.
        </Alert>
      )}
      {sheet.closed_at && (
        <Alert severity="info">
          Lista cerrada el {instant.format(new Date(sheet.closed_at))}
          {sheet.closed_by_name ? ` por ${sheet.closed_by_name}` : ''}. Ya no se puede cambiar.
        </Alert>
      )}
      {!sheet.closed_at && !sheet.can_manage && (
        <Alert severity="info">Solo quien gestiona esta sesión puede tomar la asistencia.</Alert>
      )}
      {session.status === 'cancelled' && (
        <Alert severity="warning">La sesión está cancelada.</Alert>
      )}
    </Stack>
  );
}
