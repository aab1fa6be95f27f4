import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { FormDialog } from '../../components/form/form-dialog';

/** The subject of a row's action with its reason (a suspension, a lock). */
interface ReasonSubject {
  id: number;
  name: string;
  reason: string;
}

interface ReasonDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

/** Asks for the required reason of a suspension or a lock before it runs. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open, title, text, confirmLabel, busy = false, onCancel, onConfirm } = props;
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  const close = () => {
    setReason('');
    setTouched(false);
    onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing) return;
    onConfirm(reason.trim());
    setReason('');
    setTouched(false);
  };
  return (
    <FormDialog
      open={open}
      busy={busy}
      dirty={reason !== ''}
      onCancel={close}
      aria-labelledby={titleId}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
          <TextField
            label="Motivo"
            required
            multiline
            minRows={2}
            fullWidth
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={touched && missing}
            helperText={touched && missing ? 'El motivo es obligatorio' : ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}

/**
 * The row whose action waits for its reason, and the dialog's `open`, `onCancel` and
 * `onConfirm`: the reason is sent to the row's machine (`name` says whom it names), already
 * confirmed, and the dialog closes.
 */
export function useReasonRequest<Row extends { id: number }>(
  request: (subject: ReasonSubject, confirm: false) => void,
  name: (row: Row) => string,
) {
  const [row, setRow] = useState<Row | null>(null);
  return {
    row,
    ask: setRow,
    dialog: {
      open: row !== null,
      onCancel: () => setRow(null),
      onConfirm: (reason: string) => {
        if (row) request({ id: row.id, name: name(row), reason }, false);
        setRow(null);
      },
    },
  };
}
