import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { AttendanceSheet } from '../../../contract/attendance.schema';
import { DEFAULT_TIME_ZONE, formatDateTime } from '../../../contract/dates.format';
import { type Session, sessionTypeLabels } from '../../../contract/sessions.schema';
import { AuthContext } from '../../app/auth-context';
import { selectSelectedClubId } from '../../machines/auth.selectors';
import { sessionTimeText } from '../sessions/session-format';
import { useClubTimeZone } from '../calendar/use-club-time-zone';

/** '24/11/2026 18:05' in the club's timezone (Bogotá, the clubs' zone, until it is known). */
const instant = (at: string, timeZone: string | undefined) =>
  formatDateTime(at, timeZone ?? DEFAULT_TIME_ZONE);

interface AttendanceHeaderProps {
  session: Session;
  sheet: AttendanceSheet;
  /** When the copy shown was fetched, if the server could not be reached. */
  cachedAt: string | null;
}

/**
 * The session the roll call is for (its time as the club's wall clock, not said until the
 * club's zone is known), and why the list may be read-only.
 */
export function AttendanceHeader({ session, sheet, cachedAt }: AttendanceHeaderProps) {
  const timeZone = useClubTimeZone(AuthContext.useSelector(selectSelectedClubId));
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
      {timeZone && (
        <Typography color="text.secondary">{sessionTimeText(session, timeZone)}</Typography>
      )}
      {cachedAt && (
        <Alert severity="warning">
          Sin conexión: se muestra la lista guardada en este dispositivo el{' '}
          {instant(cachedAt, timeZone)}.
        </Alert>
      )}
      {sheet.closed_at && (
        <Alert severity="info">
          Lista cerrada el {instant(sheet.closed_at, timeZone)}
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
