import { ConfirmDialog } from '../../components/confirm-dialog';

interface InvitationRejectDialogProps {
  open: boolean;
  club: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before rejecting: a rejected link cannot be used again. */
export function InvitationRejectDialog({ club, ...props }: InvitationRejectDialogProps) {
  return (
    <ConfirmDialog
      {...props}
      title="¿Rechazar la invitación?"
      text={`No te unirás a ${club} y este enlace dejará de funcionar. Si cambias de opinión, pide una nueva invitación.`}
      confirmLabel="Rechazar"
    />
  );
}
