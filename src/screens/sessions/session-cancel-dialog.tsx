import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import {
  SESSION_TEXT_MAX,
  type Session,
  type SessionScope,
} from '../../../contract/sessions.schema';
import type { RequestFailure } from '../../lib/request-failure';
import { ScopeField } from './scope-field';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';

interface SessionScopeActionDialogProps {
  /** 'cancel' asks the scope and a reason; 'delete' the scope only. */
  mode: 'cancel' | 'delete';
  /** The session acted on; null closes the dialog. */
  session: Session | null;
  busy: boolean;
  failure: RequestFailure | null;
  onClose: () => void;
  onConfirm: (values: { scope: SessionScope; reason?: string }) => void;
}

const texts = {
  cancel: {
    title: (title: string) => `¿Cancelar ${title}?`,
    text: 'La sesión queda en el calendario como cancelada y su gente recibe un aviso.',
    confirm: 'Cancelar sesión',
  },
  delete: {
    title: (title: string) => `¿Eliminar ${title}?`,
    text: 'La sesión se borra del calendario. Las que ya tienen asistencia se conservan: cancélalas en su lugar.',
    confirm: 'Eliminar',
  },
};

/** Cancelar (scope and reason) or Eliminar (scope): asked, then sent once. */
export function SessionScopeActionDialog(props: SessionScopeActionDialogProps) {
  const { mode, session, busy, onClose } = props;
  return (
    <FormDialog
      open={session !== null}
      busy={busy}
      onCancel={onClose}
      aria-labelledby={`session-${mode}-title`}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={`session-${mode}-title`}>
        {texts[mode].title(session?.title ?? 'la sesión')}
      </DialogTitle>
      {session && <ScopeActionForm key={session.id} {...props} session={session} />}
    </FormDialog>
  );
}

function ScopeActionForm({
  mode,
  session,
  busy,
  failure,
  onClose,
  onConfirm,
}: SessionScopeActionDialogProps & { session: Session }) {
  const [scope, setScope] = useState<SessionScope>('this');
  const [reason, setReason] = useState('');
  const reasonError = failure?.fieldErrors.reason;
  useReportDirty(reason !== '' || scope !== 'this');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(mode === 'cancel' ? { scope, reason } : { scope });
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 0 }}>
        <DialogContentText>{texts[mode].text}</DialogContentText>
        {failure && !reasonError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure.message}
          </Alert>
        )}
        {session.series_id !== null && <ScopeField value={scope} onChange={setScope} />}
        {mode === 'cancel' && (
          <TextField
            label="Motivo"
            id="field-reason"
            fullWidth
            margin="normal"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={Boolean(reasonError)}
            helperText={reasonError ?? 'Opcional: lo verán los jugadores y sus familias'}
            slotProps={{ htmlInput: { maxLength: SESSION_TEXT_MAX } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Volver
        </Button>
        <Button type="submit" color="error" variant="contained" disabled={busy} aria-busy={busy}>
          {texts[mode].confirm}
        </Button>
      </DialogActions>
    </Box>
  );
}
