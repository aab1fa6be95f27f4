import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { AuthContext } from '../../app/auth-context';
import { toRequestFailure } from '../../lib/request-failure';
import type { AttendanceOwnerRef } from '../../lib/attendance-queue';
import { selectSelectedClubId, selectUserId } from '../../machines/auth.selectors';
import { useRollCallData } from './attendance.logic';
import { RollCall } from './roll-call';

/** A session id from the path: decimal digits, no leading zero; else 0. */
const sessionIdOf = (value: string | undefined) =>
  value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : 0;

/** /home/attendance/:sessionId: the roll call of one session (issue #14), phone first. */
export function AttendanceScreen() {
  const userId = AuthContext.useSelector(selectUserId);
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  const sessionId = sessionIdOf(useParams().sessionId);
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', px: 2, py: { xs: 2, sm: 4 } }}>
      {userId > 0 && clubId > 0 && sessionId > 0 ? (
        <SessionRollCall
          // Another person, club or session is another roll call: nothing carries over.
          key={`${userId}/${clubId}/${sessionId}`}
          owner={{ userId, clubId, sessionId }}
        />
      ) : (
        <>
          <Typography variant="h1" sx={{ mb: 3 }}>
            Asistencia
          </Typography>
          <Alert severity="info">
            {clubId > 0 ? 'Esta sesión no existe. ' : 'Selecciona un club. '}
            Elige una sesión en el{' '}
            <Link component={RouterLink} to="/home/calendar">
              Calendario
            </Link>
            .
          </Alert>
        </>
      )}
    </Box>
  );
}

function SessionRollCall({ owner }: { owner: AttendanceOwnerRef }) {
  const query = useRollCallData(owner);
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Cargando la lista" />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <>
        <Typography variant="h1" sx={{ mb: 3 }}>
          Asistencia
        </Typography>
        <Alert severity="error">{toRequestFailure(query.error).message}</Alert>
      </>
    );
  }
  return <RollCall owner={owner} data={query.data} />;
}
