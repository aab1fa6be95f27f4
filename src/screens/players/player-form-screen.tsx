import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { playerMessages } from '../../../contract/players.schema';
import { usePlayer } from '../../api/players.api';
import { AuthContext } from '../../app/auth-context';
import { hasPermission } from '../../lib/permissions';
import { selectPermissions, selectSelectedClubId } from '../../machines/auth.selectors';
import { DatePickersProvider } from '../../theme/date-pickers';
import { PlayerForm } from './player-form';
import { PlayerGuardiansSection } from './player-guardians-section';

/** The player of the path (`/home/player-create/:playerId`), or null for a new one. */
function EditPlayer({ clubId, playerId }: { clubId: number; playerId: number }) {
  const player = usePlayer(clubId, playerId);
  if (playerId === 0 || player.isError) {
    return <Alert severity="error">{player.error?.message ?? playerMessages.notFound}</Alert>;
  }
  if (player.isPending)
    return <Skeleton variant="rounded" height={480} role="status" aria-label="Cargando jugador" />;
  return (
    <>
      <PlayerForm key={player.data.id} clubId={clubId} player={player.data} />
      <PlayerGuardiansSection clubId={clubId} playerId={player.data.id} />
    </>
  );
}

/** /home/player-create and /home/player-create/:playerId (issue #11). */
export function PlayerFormScreen() {
  const { playerId } = useParams();
  const editing = playerId !== undefined;
  const id = editing && /^\d+$/.test(playerId) ? Number(playerId) : 0;
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  const permissions = AuthContext.useSelector(selectPermissions);
  // The route guard asks players.create for both; an edit is players.update's.
  const allowed = hasPermission(permissions, editing ? 'players.update' : 'players.create');

  let body: ReactNode;
  if (clubId <= 0) {
    body = (
      <Alert severity="info">
        Selecciona un club en{' '}
        <Link component={RouterLink} to="/home/club-team">
          Club / Equipo
        </Link>{' '}
        para registrar jugadores.
      </Alert>
    );
  } else if (!allowed) {
    body = (
      <Alert severity="warning">
        {editing
          ? 'No tienes permiso para editar jugadores'
          : 'No tienes permiso para crear jugadores'}
      </Alert>
    );
  } else if (editing) body = <EditPlayer clubId={clubId} playerId={id} />;
  else body = <PlayerForm clubId={clubId} player={null} />;

  return (
    <DatePickersProvider>
      <Box sx={{ maxWidth: 820, mx: 'auto', px: 2, py: 4 }}>
        <Typography variant="h1" sx={{ mb: 3 }}>
          {editing ? 'Editar jugador' : 'Nuevo jugador'}
        </Typography>
        {body}
      </Box>
    </DatePickersProvider>
  );
}
