import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { DEFAULT_TIME_ZONE, formatInstantDay } from '../../../contract/dates.format';
import { useInvitations } from '../../api/invitations.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useClubTimeZone } from '../calendar/use-club-time-zone';
import { useConfirmFlow } from '../../components/use-machine-flow';
import { useInvitationRevokeLogic } from './invitations.logic';

/** 'Invitaciones pendientes': who was invited, as what, until when; 'Anular' asks first. */
export function PendingInvitations({ clubId }: { clubId: number }) {
  const invitations = useInvitations(clubId);
  const timeZone = useClubTimeZone(clubId) ?? DEFAULT_TIME_ZONE;
  const revoke = useConfirmFlow(useInvitationRevokeLogic(clubId));
  const { asking, running: revoking } = revoke;

  let content;
  if (invitations.isPending) {
    content = (
      <Skeleton variant="rounded" height={64} role="status" aria-label="Cargando invitaciones" />
    );
  } else if (invitations.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void invitations.refetch()}>
            Reintentar
          </Button>
        }
      >
        {invitations.error.message}
      </Alert>
    );
  } else if (invitations.data.length === 0) {
    content = <Typography color="text.secondary">No hay invitaciones pendientes</Typography>;
  } else {
    content = (
      <Paper variant="outlined">
        <List aria-label="Invitaciones pendientes" disablePadding>
          {invitations.data.map((invitation) => (
            <ListItem
              key={invitation.id}
              divider
              secondaryAction={
                <Button
                  color="error"
                  size="small"
                  aria-label={`Anular la invitación de ${invitation.email}`}
                  onClick={() => revoke.request({ id: invitation.id, email: invitation.email })}
                >
                  Anular
                </Button>
              }
            >
              <ListItemText
                primary={invitation.email}
                secondary={`Vence el ${formatInstantDay(invitation.expires_at, timeZone)}`}
                sx={{ pr: 10 }}
              />
              <Chip label={invitation.role.name} size="small" sx={{ mr: 10 }} />
            </ListItem>
          ))}
        </List>
      </Paper>
    );
  }

  return (
    <section aria-labelledby="pending-invitations-title">
      <Typography id="pending-invitations-title" variant="h2" sx={{ mt: 4, mb: 2 }}>
        Invitaciones pendientes
      </Typography>
      {content}
      <ConfirmDialog
        open={asking !== null}
        title={`¿Anular la invitación de ${asking?.email ?? ''}?`}
        text="El enlace que recibió dejará de funcionar."
        confirmLabel="Anular"
        busy={revoking}
        onCancel={revoke.cancel}
        onConfirm={revoke.confirm}
      />
    </section>
  );
}
