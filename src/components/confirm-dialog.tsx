import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  /** A question: '¿Archivar Club Norte?'. */
  title: ReactNode;
  /** What happens if the person confirms. */
  text: ReactNode;
  /** The verb of the destructive action: 'Archivar', 'Anular', 'Descartar cambios'. */
  confirmLabel: string;
  /** While the action runs both buttons wait. */
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a destructive action or one that loses work; 'Cancelar' is always there. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, text, confirmLabel, busy = false, onCancel, onConfirm } = props;
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
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
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
