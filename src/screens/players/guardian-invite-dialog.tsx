import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { emailSchema } from '../../../contract/auth.schema';
import { usePlayer } from '../../api/players.api';
import type { RequestFailure } from '../../lib/request-failure';
import type { GuardianInviteSubject, GuardianInviteValues } from '../../machines/parents.actors';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';

interface GuardianInviteDialogProps {
  clubId: number;
  subject: GuardianInviteSubject | null;
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSubmit: (values: GuardianInviteValues) => void;
}

/**
 * 'Invitar acudiente' (issue #15): for one player, to the guardian's e-mail captured on the
 * player (editable); for the selected players, each to their own guardian's e-mail. The
 * link is authorised on registration unless the box is cleared.
 */
export function GuardianInviteDialog(props: GuardianInviteDialogProps) {
  const { subject, busy, onCancel } = props;
  return (
    <FormDialog
      open={subject !== null}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby="guardian-invite-title"
      fullWidth
      maxWidth="sm"
    >
      {subject && (
        <>
          <DialogTitle id="guardian-invite-title">Invitar acudiente</DialogTitle>
          {subject.playerIds.length === 1 ? (
            <SingleInvite {...props} subject={subject} playerId={subject.playerIds[0]!} />
          ) : (
            <InviteForm {...props} subject={subject} email={null} />
          )}
        </>
      )}
    </FormDialog>
  );
}

/** One player: the form waits for the player's guardian e-mail to prefill it. */
function SingleInvite(
  props: GuardianInviteDialogProps & { subject: GuardianInviteSubject; playerId: number },
) {
  const player = usePlayer(props.clubId, props.playerId);
  if (player.isPending) {
    return (
      <DialogContent>
        <Skeleton
          variant="rounded"
          height={56}
          role="status"
          aria-label="Cargando el correo del acudiente"
        />
      </DialogContent>
    );
  }
  return <InviteForm {...props} email={player.data?.guardian_email ?? ''} />;
}

function InviteForm({
  subject,
  email,
  busy,
  failure,
  onCancel,
  onSubmit,
}: GuardianInviteDialogProps & { subject: GuardianInviteSubject; email: string | null }) {
  const [address, setAddress] = useState(email ?? '');
  const [authorize, setAuthorize] = useState(true);
  const [invalid, setInvalid] = useState<string | null>(null);
  const single = email !== null;
  useReportDirty(address !== (email ?? '') || !authorize);
  const name = subject.names[subject.playerIds[0]!] ?? '';
  const emailError = invalid ?? failure?.fieldErrors.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!single) return onSubmit({ authorize });
    const parsed = emailSchema.safeParse(address);
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Revisa el correo');
    onSubmit({ email: parsed.data, authorize });
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 0 }}>
        {failure && !failure.fieldErrors.email && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure.message}
          </Alert>
        )}
        {single ? (
          <>
            <DialogContentText>
              Enviaremos a su acudiente un enlace para crear su cuenta y ver a {name}.
            </DialogContentText>
            <TextField
              label="Correo del acudiente"
              type="email"
              required
              id="guardian-invite-email"
              value={address}
              onChange={(event) => {
                setAddress(event.target.value);
                setInvalid(null);
              }}
              error={Boolean(emailError)}
              helperText={emailError}
            />
          </>
        ) : (
          <DialogContentText>
            {subject.playerIds.length} jugadores seleccionados. Se usará el correo de acudiente de
            cada jugador.
          </DialogContentText>
        )}
        <FormControlLabel
          control={
            <Checkbox checked={authorize} onChange={(_, checked) => setAuthorize(checked)} />
          }
          label="Autorizar el vínculo al registrarse"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" loading={busy}>
          {single ? 'Enviar invitación' : 'Enviar invitaciones'}
        </Button>
      </DialogActions>
    </Box>
  );
}
