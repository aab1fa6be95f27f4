import Button from '@mui/material/Button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useConfirmFlow } from '../../components/use-machine-flow';
import type { AttendanceOwnerRef } from '../../lib/attendance-queue';
import { useAttendanceCloseLogic } from './attendance.logic';

/**
 * 'Cerrar lista': asks first (closing alerts the absences and cannot be undone by a
 * trainer), then shows the closed list the server answers.
 */
export function AttendanceCloseButton({ owner }: { owner: AttendanceOwnerRef }) {
  const { clubId, sessionId } = owner;
  const closer = useConfirmFlow(useAttendanceCloseLogic(owner));
  const { asking, running: closing } = closer;
  return (
    <>
      <Button
        variant="outlined"
        disabled={closing}
        onClick={() => closer.request({ clubId, sessionId })}
      >
        Cerrar lista
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title="¿Cerrar la lista de asistencia?"
        text="Ya no se podrá cambiar, y se avisará de cada ausencia a los acudientes de los menores (o al jugador adulto)."
        confirmLabel="Cerrar lista"
        busy={closing}
        onCancel={closer.cancel}
        onConfirm={closer.confirm}
      />
    </>
  );
}
