import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AccountClub } from '../../../contract/account.schema';
import { leaveClub } from '../../api/account.api';
import { AuthContext } from '../../app/auth-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toast } from '../../components/toaster';
import { useConfirmFlow } from '../../components/use-machine-flow';
import { createLeaveClubImplementations, leaveClubMachine } from '../../machines/account.actors';
import { AccountSection } from './account-form';

/** 'Mis clubes': the active clubs with my roles, and leaving one (asked first). */
export function ClubsSection({ clubs, onLeft }: { clubs: AccountClub[]; onLeft: () => void }) {
  const auth = AuthContext.useActorRef();
  const [logic] = useState(() =>
    leaveClubMachine.provide(
      createLeaveClubImplementations({
        leaveClub,
        refresh: () => {
          onLeft();
          auth.send({ type: 'auth.refreshUser' });
        },
        toast,
      }),
    ),
  );
  const leave = useConfirmFlow(logic);
  const { asking, running } = leave;

  return (
    <AccountSection id="clubes" title="Mis clubes">
      {clubs.length === 0 ? (
        <Typography color="text.secondary">No perteneces a ningún club activo.</Typography>
      ) : (
        <List disablePadding>
          {clubs.map((club) => (
            <ListItem key={club.id} divider disableGutters>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                sx={{ gap: 1, width: '100%', alignItems: { sm: 'center' } }}
              >
                <Stack sx={{ flexGrow: 1, minWidth: 0, gap: 0.5 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {club.name}
                  </Typography>
                  <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                    {club.roles.map((role) => (
                      <Chip key={role} label={role} size="small" />
                    ))}
                  </Stack>
                  {club.only_owner && (
                    <Typography variant="body2" color="text.secondary">
                      Eres su único propietario: nombra a otro antes de salir.
                    </Typography>
                  )}
                </Stack>
                <Button
                  color="error"
                  variant="outlined"
                  disabled={club.only_owner || running}
                  onClick={() => leave.request(club)}
                  sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
                >
                  Salir del club
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      {clubs.length > 0 && (
        <Button component={RouterLink} to="/home/subscription" sx={{ mt: 1 }}>
          Ver el plan del club
        </Button>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={`¿Salir de ${asking?.name ?? 'este club'}?`}
        text="Dejarás de ver sus datos y perderás tus roles en él. Para volver, el club tendrá que invitarte de nuevo. Tus pagos quedan en el club."
        confirmLabel="Salir del club"
        busy={running}
        onCancel={leave.cancel}
        onConfirm={leave.confirm}
      />
    </AccountSection>
  );
}
