import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

export interface UpgradeDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 'Actualizar a Pro' (spec §2): the Pro plan does not exist yet, so asking for it is only
 * recorded in the console; the spec says the button does nothing beyond logging.
 */
export function UpgradeDialog({ open, onClose }: UpgradeDialogProps) {
  const titleId = useId();
  const textId = useId();
  const request = () => {
    console.info('Solicitud de actualización a Pro');
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Actualizar a Pro</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Las funciones Pro llegarán pronto. Te enviaremos un correo con un descuento cuando las
          funciones Pro estén disponibles.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={request}>
          Solicitar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
