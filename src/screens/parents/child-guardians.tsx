import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { guardianLinkStatusLabels, type PlayerGuardian } from '../../../contract/parents.schema';
import { usePlayerGuardians } from '../../api/parents.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useConfirmFlow } from '../../components/use-machine-flow';
import type { CoGuardianInviteSubject } from '../../machines/co-guardians.actors';
import { useFamilyGuardianDecisionLogic } from './parents.logic';

const guardianName = (guardian: PlayerGuardian) => `${guardian.name} ${guardian.lastname}`;

interface ChildGuardiansProps {
  clubId: number;
  playerId: number;
  /** The child's full name, for the buttons' names. */
  name: string;
  onInvite: (subject: CoGuardianInviteSubject) => void;
}

/**
 * 'Acudientes' on the primary guardian's card of their child (issue #34 item 6): who else
 * is the child's guardian and their status; the primary guardian authorises a pending one,
 * revokes another's link (asking first) and invites another adult, who must accept.
 * The primary guardian is the caller: their own row has no actions (the server refuses them).
 */
export function ChildGuardians({ clubId, playerId, name, onInvite }: ChildGuardiansProps) {
  const titleId = useId();
  const guardians = usePlayerGuardians(clubId, playerId);
  const decision = useConfirmFlow(useFamilyGuardianDecisionLogic(clubId, playerId));
  const { asking, running } = decision;
  const decide = (guardian: PlayerGuardian, status: 'authorized' | 'denied') =>
    decision.request(
      { guardianId: guardian.guardian_id, name: guardianName(guardian), status },
      status === 'denied',
    );

  return (
    <section aria-labelledby={titleId}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" component="h3" id={titleId}>
          Acudientes
        </Typography>
        <Button
          size="small"
          onClick={() => onInvite({ clubId, playerId, name })}
          aria-label={`Invitar a otro acudiente de ${name}`}
        >
          Invitar a otro acudiente
        </Button>
      </Stack>
      {guardians.isPending && (
        <Skeleton height={48} role="status" aria-label="Cargando acudientes" />
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
      {guardians.data && (
        <List dense disablePadding>
          {guardians.data.map((guardian) => (
            <ListItem
              key={guardian.guardian_id}
              disableGutters
              divider
              sx={{ flexWrap: 'wrap', gap: 1 }}
            >
              <Stack sx={{ flex: '1 1 180px', minWidth: 0 }}>
                <Typography variant="body2">{guardianName(guardian)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {guardian.is_primary ? 'Principal (tú)' : (guardian.email ?? 'Sin correo')}
                </Typography>
              </Stack>
              <Chip
                size="small"
                variant="outlined"
                color={guardian.status === 'authorized' ? 'success' : 'warning'}
                label={guardianLinkStatusLabels[guardian.status]}
              />
              {!guardian.is_primary && guardian.status === 'pending' && (
                <Button
                  size="small"
                  variant="contained"
                  disabled={running}
                  onClick={() => decide(guardian, 'authorized')}
                  aria-label={`Autorizar a ${guardianName(guardian)}`}
                >
                  Autorizar
                </Button>
              )}
              {!guardian.is_primary && guardian.status !== 'denied' && (
                <Button
                  size="small"
                  color="error"
                  disabled={running}
                  onClick={() => decide(guardian, 'denied')}
                  aria-label={`Revocar a ${guardianName(guardian)}`}
                >
                  Revocar
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={`¿Revocar a ${asking?.name ?? ''} como acudiente de ${name}?`}
        text="Dejará de ver los datos del jugador y de recibir sus avisos y cobros."
        confirmLabel="Revocar"
        busy={running}
        onCancel={decision.cancel}
        onConfirm={decision.confirm}
      />
    </section>
  );
}
