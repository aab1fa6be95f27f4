import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef } from 'react';
import { AuthContext } from '../../app/auth-context';
import { ANNOUNCEMENT_DIALOG_OPTIONS } from '../../machines/announcements.actors';
import { selectPermissions, selectSelectedClubId } from '../../machines/auth.selectors';
import { AnnouncementForm } from './announcement-form';
import { useAnnouncementDialogLogic } from './announcements.logic';
import { FormDialog } from '../../components/form/form-dialog';
import { useSaveFlow } from '../../components/use-machine-flow';

interface AnnouncementDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 'Enviar anuncio' (issue #13 item 2): title, message, priority, audience (roles and
 * categories of the working club) and an optional screen to open; the super admin may
 * send it to every club as a system alert instead. Full screen on a phone. Sends through
 * the save machine; the server's refusal stays in the dialog, a success closes it with
 * 'Anuncio enviado a N personas'.
 */
export function AnnouncementDialog({ open, onClose }: AnnouncementDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  const permissions = AuthContext.useSelector(selectPermissions);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);
  const logic = useAnnouncementDialogLogic(clubId, () => closeRef.current());
  const editor = useSaveFlow(logic, ANNOUNCEMENT_DIALOG_OPTIONS);
  const { isOpen: editing, busy, failure } = editor;
  // The owner opens and closes it; the machine follows (and closes it itself once sent).
  const { open: start, close } = editor;
  useEffect(() => {
    if (open) start(null);
    else close();
  }, [open, start, close]);
  const cancel = () => {
    close();
    onClose();
  };

  return (
    <FormDialog
      open={open}
      busy={busy}
      onCancel={cancel}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="announcement-dialog-title"
    >
      <DialogTitle id="announcement-dialog-title">Enviar anuncio</DialogTitle>
      {open && editing && (
        <AnnouncementForm
          clubId={clubId}
          canAlert={permissions?.is_super_admin === true}
          busy={busy}
          failure={failure}
          onCancel={cancel}
          onSave={editor.submit}
        />
      )}
    </FormDialog>
  );
}
