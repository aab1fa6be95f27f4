import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import {
  sessionScopeLabels,
  sessionScopes,
  type SessionScope,
} from '../../../contract/sessions.schema';
import type { SessionMove } from '../../machines/sessions-move.machine';

interface SessionScopeDialogProps {
  /** The move asked about; null closes the dialog. */
  move: SessionMove | null;
  onScope: (scope: SessionScope) => void;
  onCancel: () => void;
}

/** A series occurrence was dropped elsewhere: which occurrences move with it. */
export function SessionScopeDialog({ move, onScope, onCancel }: SessionScopeDialogProps) {
  return (
    <Dialog open={move !== null} onClose={onCancel} aria-labelledby="session-scope-title">
      <DialogTitle id="session-scope-title">¿Mover {move?.title ?? 'la sesión'}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Esta sesión es parte de una serie. Las sesiones pasadas con asistencia no cambian.
        </DialogContentText>
        <Stack sx={{ gap: 1, mt: 2 }}>
          {sessionScopes.map((scope) => (
            <Button key={scope} variant="outlined" onClick={() => onScope(scope)}>
              {sessionScopeLabels[scope]}
            </Button>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancelar</Button>
      </DialogActions>
    </Dialog>
  );
}
