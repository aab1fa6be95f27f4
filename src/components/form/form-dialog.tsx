import Dialog, { type DialogProps } from '@mui/material/Dialog';
import { createContext, type RefObject, useContext, useEffect, useRef } from 'react';
import { discardChangesMachine, discardRequest } from '../../machines/discard-changes.actors';
import { ConfirmDialog } from '../confirm-dialog';
import { useConfirmFlow } from '../use-machine-flow';

/** Whether the form inside the dialog differs from what it opened with. */
const DirtyContext = createContext<RefObject<boolean> | null>(null);

/**
 * The form inside a `FormDialog` reports whether it was changed (react-hook-form's
 * `formState.isDirty`), so Esc or a click outside asks before throwing the changes away.
 */
export function useReportDirty(dirty: boolean) {
  const ref = useContext(DirtyContext);
  useEffect(() => {
    if (!ref) return;
    ref.current = dirty;
    return () => {
      ref.current = false;
    };
  }, [ref, dirty]);
}

interface FormDialogProps extends Omit<DialogProps, 'onClose'> {
  /** While the form is sent, Esc and a click outside do nothing. */
  busy: boolean;
  /** Closes the dialog, as its 'Cancelar' does. */
  onCancel: () => void;
  /**
   * Whether the form was changed, for a form whose state lives beside the dialog (not
   * inside it, where `useReportDirty` reports it).
   */
  dirty?: boolean;
}

/**
 * A dialog that holds a form: Esc or a click outside closes an untouched form at once, and
 * asks «¿Descartar los cambios?» before closing a changed one (the form reports it with
 * `useReportDirty`). 'Cancelar' inside the form still closes at once: it is said on purpose.
 */
export function FormDialog({
  busy,
  onCancel,
  dirty: changed,
  children,
  ...dialog
}: FormDialogProps) {
  const dirty = useRef(false);
  const guard = useConfirmFlow(discardChangesMachine);

  return (
    <>
      <Dialog
        {...dialog}
        onClose={
          busy
            ? undefined
            : () => guard.actor.send(discardRequest(changed ?? dirty.current, onCancel))
        }
      >
        <DirtyContext value={dirty}>{children}</DirtyContext>
      </Dialog>
      <ConfirmDialog
        open={guard.asking !== null}
        title="¿Descartar los cambios?"
        text="Lo que escribiste no se guardará."
        confirmLabel="Descartar cambios"
        onCancel={guard.cancel}
        onConfirm={guard.confirm}
      />
    </>
  );
}
