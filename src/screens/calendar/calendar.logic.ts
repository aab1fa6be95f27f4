import { type RefObject, useState } from 'react';
import {
  useCancelSession,
  useCreateSession,
  useRecordSessionResult,
  useRemoveSession,
  useUpdateSession,
} from '../../api/sessions.api';
import { toast } from '../../components/toaster';
import { calendarMoveMachine } from '../../machines/sessions-move.machine';
import {
  createCalendarMoveImplementations,
  createSessionCancelImplementations,
  createSessionDeleteImplementations,
  createSessionFormImplementations,
  createSessionResultImplementations,
  sessionCancelMachine,
  sessionDeleteMachine,
  sessionFormMachine,
  sessionResultMachine,
} from '../../machines/sessions.actors';

/*
 * The calendar screen's machines with this screen's dependencies, each made once per
 * screen (STYLE.md §2); what they do is in src/machines/sessions.actors.ts.
 */

/** 'Nueva sesión' (a slot or the button) and 'Editar': the save machine as a dialog. */
export function useSessionFormLogic(clubId: number) {
  const create = useCreateSession(clubId);
  const update = useUpdateSession(clubId);
  const [logic] = useState(() =>
    sessionFormMachine.provide(
      createSessionFormImplementations({
        createSession: (values) => create.mutateAsync(values),
        updateSession: (change) => update.mutateAsync(change),
        toast,
      }),
    ),
  );
  return logic;
}

/** 'Cancelar sesión': scope and reason, sent once. */
export function useSessionCancelLogic(clubId: number) {
  const cancel = useCancelSession(clubId);
  const [logic] = useState(() =>
    sessionCancelMachine.provide(
      createSessionCancelImplementations({
        cancelSession: (change) => cancel.mutateAsync(change),
        toast,
      }),
    ),
  );
  return logic;
}

/** 'Eliminar': the scope, sent once; the panel closes when something went. */
export function useSessionDeleteLogic(clubId: number, closePanel: RefObject<() => void>) {
  const remove = useRemoveSession(clubId);
  const [logic] = useState(() =>
    sessionDeleteMachine.provide(
      createSessionDeleteImplementations({
        removeSession: (change) => remove.mutateAsync(change),
        closePanel: () => closePanel.current(),
        toast,
      }),
    ),
  );
  return logic;
}

/** 'Registrar resultado' of a match. */
export function useSessionResultLogic(clubId: number) {
  const record = useRecordSessionResult(clubId);
  const [logic] = useState(() =>
    sessionResultMachine.provide(
      createSessionResultImplementations({
        recordResult: (change) => record.mutateAsync(change),
        toast,
      }),
    ),
  );
  return logic;
}

/**
 * The drag-move: PATCH the new instants; a refusal or a cancelled question calls the
 * `revert` FullCalendar gave for that drop (kept by session id in `reverts`).
 */
export function useCalendarMoveLogic(clubId: number, reverts: RefObject<Map<number, () => void>>) {
  const update = useUpdateSession(clubId);
  const [logic] = useState(() =>
    calendarMoveMachine.provide(
      createCalendarMoveImplementations({
        moveSession: (change) => update.mutateAsync(change),
        revert: (sessionId) => {
          reverts.current.get(sessionId)?.();
          reverts.current.delete(sessionId);
        },
        toast,
      }),
    ),
  );
  return logic;
}
