import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ClubToArchive } from '../../machines/club-archive.machine';

interface ArchiveClubDialogProps {
  /** The club to archive; null keeps the dialog closed. */
  club: ClubToArchive | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before archiving: an archived club leaves the daily work but keeps its history. */
export function ArchiveClubDialog({ club, busy, onCancel, onConfirm }: ArchiveClubDialogProps) {
  return (
    <Dialog open={club !== null} onClose={onCancel} aria-labelledby="archive-club-title">
      <DialogTitle id="archive-club-title">¿Archivar {club?.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          El club dejará de estar activo, pero su información se conserva. No se puede archivar un
          club que tiene jugadores.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancelar</Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          aria-busy={busy}
          onClick={onConfirm}
        >
          Archivar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
