import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface InvitationRejectDialogProps {
  open: boolean;
  club: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before rejecting: a rejected link cannot be used again. */
export function InvitationRejectDialog(props: InvitationRejectDialogProps) {
  const { open, club, busy, onCancel, onConfirm } = props;
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="reject-invitation-title">
      <DialogTitle id="reject-invitation-title">¿Rechazar la invitación?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          No te unirás a {club} y este enlace dejará de funcionar. Si cambias de opinión, pide una
          nueva invitación.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          aria-busy={busy}
          onClick={onConfirm}
        >
          Rechazar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
