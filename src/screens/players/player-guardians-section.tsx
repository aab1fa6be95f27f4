import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import {
  guardianLinkStatusLabels,
  type GuardianLinkStatus,
  type PlayerGuardian,
} from '../../../contract/parents.schema';
import { usePlayerGuardians } from '../../api/parents.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useConfirmFlow } from '../../components/use-machine-flow';
import { useGuardianDecisionLogic } from './players.logic';

const statusColors: Record<GuardianLinkStatus, 'success' | 'warning' | 'error'> = {
  authorized: 'success',
  pending: 'warning',
  denied: 'error',
};

const guardianName = (guardian: PlayerGuardian) => `${guardian.name} ${guardian.lastname}`;

/**
 * 'Acudientes' of a player's page (issue #15): the guardians with an account linked to
 * the player and their status; the club authorises or denies (asking first) a pending one.
 */
export function PlayerGuardiansSection({ clubId, playerId }: { clubId: number; playerId: number }) {
  const titleId = useId();
  const guardians = usePlayerGuardians(clubId, playerId);
  const decision = useConfirmFlow(useGuardianDecisionLogic(clubId, playerId));
  const { asking, running } = decision;
  const decide = (guardian: PlayerGuardian, status: 'authorized' | 'denied') =>
    decision.request(
      { guardianId: guardian.guardian_id, name: guardianName(guardian), status },
      status === 'denied',
    );

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2, mt: 3 }}>
      <Typography variant="h2" id={titleId} sx={{ mb: 1 }}>
        Acudientes
      </Typography>
      {guardians.isPending && (
        <Skeleton height={56} role="status" aria-label="Cargando acudientes" />
      )}
      {guardians.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void guardians.refetch()}>
              Reintentar
            </Button>
          }
        >
          {guardians.error.message}
        </Alert>
      )}
      {guardians.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Ningún acudiente tiene cuenta vinculada a este jugador. Invítalo con «Invitar acudiente»
          en la lista de jugadores.
        </Typography>
      )}
      {guardians.data && guardians.data.length > 0 && (
        <List disablePadding>
          {guardians.data.map((guardian) => (
            <ListItem
              key={guardian.guardian_id}
              disableGutters
              divider
              sx={{ flexWrap: 'wrap', gap: 1 }}
            >
              <Stack sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography>{guardianName(guardian)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {guardian.email ?? 'Sin correo'}
                </Typography>
              </Stack>
              {guardian.is_primary && <Chip size="small" label="Principal" />}
              <Chip
                size="small"
                variant="outlined"
                color={statusColors[guardian.status]}
                label={guardianLinkStatusLabels[guardian.status]}
              />
              {guardian.status === 'pending' && (
                <Stack direction="row" sx={{ gap: 1 }}>
                  <Button
                    size="small"
                    variant="contained"
                    disabled={running}
                    onClick={() => decide(guardian, 'authorized')}
                    aria-label={`Autorizar a ${guardianName(guardian)}`}
                  >
                    Autorizar
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={running}
                    onClick={() => decide(guardian, 'denied')}
                    aria-label={`No autorizar a ${guardianName(guardian)}`}
                  >
                    No autorizar
                  </Button>
                </Stack>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={`¿No autorizar a ${asking?.name ?? ''}?`}
        text="No verá los datos del jugador ni recibirá sus avisos."
        confirmLabel="No autorizar"
        busy={running}
        onCancel={decision.cancel}
        onConfirm={decision.confirm}
      />
    </Paper>
  );
}
