import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import {
  sessionMessages,
  type Session,
  type SessionResultInput,
} from '../../../contract/sessions.schema';
import type { RequestFailure } from '../../lib/request-failure';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';

interface SessionResultDialogProps {
  /** The match whose result is recorded; null closes the dialog. */
  session: Session | null;
  busy: boolean;
  failure: RequestFailure | null;
  onClose: () => void;
  onSave: (values: SessionResultInput) => void;
}

const scoreOk = (text: string) => /^\d{1,2}$/.test(text.trim());

/** 'Registrar resultado': our goals and theirs; the match becomes done. */
export function SessionResultDialog({
  session,
  busy,
  onClose,
  ...props
}: SessionResultDialogProps) {
  return (
    <FormDialog
      open={session !== null}
      busy={busy}
      onCancel={onClose}
      aria-labelledby="session-result-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="session-result-title">Registrar resultado</DialogTitle>
      {session && (
        <ResultForm key={session.id} session={session} busy={busy} onClose={onClose} {...props} />
      )}
    </FormDialog>
  );
}

function ResultForm({
  session,
  busy,
  failure,
  onClose,
  onSave,
}: SessionResultDialogProps & { session: Session }) {
  const [ours, setOurs] = useState(session.score_ours?.toString() ?? '');
  const [theirs, setTheirs] = useState(session.score_theirs?.toString() ?? '');
  const [checked, setChecked] = useState(false);
  useReportDirty(
    ours !== (session.score_ours?.toString() ?? '') ||
      theirs !== (session.score_theirs?.toString() ?? ''),
  );
  const error = (text: string, field: string) =>
    failure?.fieldErrors[field] ?? (checked && !scoreOk(text) ? sessionMessages.badScore : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (scoreOk(ours) && scoreOk(theirs)) {
      onSave({ score_ours: Number(ours), score_theirs: Number(theirs) });
    }
  };
  const onAField = failure && (failure.fieldErrors.score_ours || failure.fieldErrors.score_theirs);
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 0 }}>
        {failure && !onAField && <Alert severity="error">{failure.message}</Alert>}
        <Stack direction="row" sx={{ gap: 2 }}>
          <TextField
            label="Nuestros goles"
            id="field-score_ours"
            required
            margin="normal"
            value={ours}
            onChange={(event) => setOurs(event.target.value)}
            error={Boolean(error(ours, 'score_ours'))}
            helperText={error(ours, 'score_ours')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
          />
          <TextField
            label={`Goles de ${session.opponent ?? 'el rival'}`}
            id="field-score_theirs"
            required
            margin="normal"
            value={theirs}
            onChange={(event) => setTheirs(event.target.value)}
            error={Boolean(error(theirs, 'score_theirs'))}
            helperText={error(theirs, 'score_theirs')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
          Guardar
        </Button>
      </DialogActions>
    </Box>
  );
}
