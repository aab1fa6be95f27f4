import { ConfirmDialog } from '../../components/confirm-dialog';
import type { ClubToArchive } from '../../machines/clubs.actors';

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
    <ConfirmDialog
      open={club !== null}
      title={`¿Archivar ${club?.name ?? ''}?`}
      text="El club dejará de estar activo, pero su información se conserva. No se puede archivar un club que tiene jugadores."
      confirmLabel="Archivar"
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
