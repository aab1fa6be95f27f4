import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { Session } from '../../../contract/sessions.schema';
import { sessionDetailQuery } from '../../api/sessions.api';
import { SessionDetails } from './session-details';
import { SessionExtras } from './session-extras';
import { useClubTimeZone } from '../calendar/use-club-time-zone';

/** What a manager may do from the panel. */
export type SessionPanelAction = 'edit' | 'cancel' | 'delete' | 'result';

interface SessionPanelProps {
  clubId: number;
  /** The session shown; null closes the panel. */
  sessionId: number | null;
  /** Whether the caller holds sessions.delete (can_manage covers the rest). */
  canDelete: boolean;
  onClose: () => void;
  onAction: (action: SessionPanelAction, session: Session) => void;
}

/**
 * A session's side panel: its details and, for whoever may manage it (the server's
 * `can_manage`), Editar, Cancelar, Eliminar, 'Registrar resultado' for a match and 'Tomar
 * asistencia'. A phone gets it full width.
 */
export function SessionPanel({ clubId, sessionId, onClose, ...props }: SessionPanelProps) {
  const detail = useQuery(sessionDetailQuery(clubId, sessionId));
  const session = detail.data;
  const timeZone = useClubTimeZone(clubId);
  return (
    <Drawer
      anchor="right"
      open={sessionId !== null}
      onClose={onClose}
      // The drawer is a dialog: named by its title, as its section is.
      slotProps={{
        paper: { 'aria-labelledby': 'session-panel-title', sx: { width: { xs: '100%', sm: 420 } } },
      }}
    >
      <Box
        component="section"
        aria-labelledby="session-panel-title"
        sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
          <Typography id="session-panel-title" variant="h2" sx={{ flex: 1 }}>
            {session?.title ?? 'Sesión'}
          </Typography>
          <IconButton aria-label="Cerrar" onClick={onClose}>
            <Close />
          </IconButton>
        </Stack>
        {detail.isPending && sessionId !== null && <LinearProgress aria-label="Cargando sesión" />}
        {detail.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
                Reintentar
              </Button>
            }
          >
            No se pudo cargar la sesión: {detail.error.message}
          </Alert>
        )}
        {session && (
          <>
            <SessionDetails session={session} timeZone={timeZone} />
            {session.can_manage && <SessionActions session={session} {...props} />}
            <SessionExtras session={session} />
          </>
        )}
      </Box>
    </Drawer>
  );
}

function SessionActions({
  session,
  canDelete,
  onAction,
}: { session: Session } & Pick<SessionPanelProps, 'canDelete' | 'onAction'>) {
  const cancelled = session.status === 'cancelled';
  const isMatch = session.type === 'match' || session.type === 'tournament';
  return (
    <>
      {/* A top border rather than MUI's Divider: Divider here splits it off a chunk the
          dashboard's first load shares, half a kilobyte over (scripts/first-load.ts). */}
      <Stack
        direction="row"
        sx={{ gap: 1, flexWrap: 'wrap', borderTop: 1, borderColor: 'divider', pt: 2 }}
      >
        {!cancelled && (
          <Button variant="contained" component={RouterLink} to={`/home/attendance/${session.id}`}>
            Tomar asistencia
          </Button>
        )}
        <Button variant="outlined" onClick={() => onAction('edit', session)}>
          Editar
        </Button>
        {isMatch && !cancelled && (
          <Button variant="outlined" onClick={() => onAction('result', session)}>
            Registrar resultado
          </Button>
        )}
        {!cancelled && (
          <Button variant="outlined" onClick={() => onAction('cancel', session)}>
            Cancelar sesión
          </Button>
        )}
        {canDelete && (
          <Button variant="outlined" color="error" onClick={() => onAction('delete', session)}>
            Eliminar
          </Button>
        )}
      </Stack>
    </>
  );
}
