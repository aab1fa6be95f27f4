import Button from '@mui/material/Button';
import { useActorRef, useSelector } from '@xstate/react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { AttendanceOwnerRef } from '../../lib/attendance-queue';
import { selectAsking, selectIsRunning } from '../../machines/confirm-action.selectors';
import { useAttendanceCloseLogic } from './attendance.logic';

/**
 * 'Cerrar lista': asks first (closing alerts the absences and cannot be undone by a
 * trainer), then shows the closed list the server answers.
 */
export function AttendanceCloseButton({ owner }: { owner: AttendanceOwnerRef }) {
  const { clubId, sessionId } = owner;
  const closer = useActorRef(useAttendanceCloseLogic(owner));
  const asking = useSelector(closer, selectAsking);
  const closing = useSelector(closer, selectIsRunning);
  return (
    <>
      <Button
        variant="outlined"
        disabled={closing}
        onClick={() =>
          closer.send({ type: 'action.request', subject: { clubId, sessionId }, confirm: true })
        }
      >
        Cerrar lista
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title="¿Cerrar la lista de asistencia?"
        text="Ya no se podrá cambiar, y se avisará de cada ausencia a los acudientes de los menores (o al jugador adulto)."
        confirmLabel="Cerrar lista"
        busy={closing}
        onCancel={() => closer.send({ type: 'action.cancel' })}
        onConfirm={() => closer.send({ type: 'action.confirm' })}
      />
    </>
  );
}
