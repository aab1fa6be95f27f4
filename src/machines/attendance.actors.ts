import { fromPromise } from 'xstate';
import type { AttendanceSheet } from '../../contract/attendance.schema';
import type { AttendanceOwnerRef, QueuedAttendance } from '../lib/attendance-queue';
import type { AttendancePush, SessionRef } from './attendance-sync.machine';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import type { Toast } from './toast';

/*
 * The roll call's effects (STYLE.md §2): plain functions described here; the screen's
 * attendance.logic.ts passes the IndexedDB queue (src/lib/attendance-queue.ts) and the
 * API calls (src/api/attendance.api.ts), tests pass fakes.
 */

export interface AttendanceSyncDeps {
  /** The signed-in user's queued list of the session (never another person's). */
  getQueued: (ref: AttendanceOwnerRef) => Promise<QueuedAttendance | null>;
  putQueued: (entry: QueuedAttendance) => Promise<void>;
  deleteQueued: (ref: AttendanceOwnerRef) => Promise<void>;
  /** `PUT …/attendance`: the new sheet, or a RequestError (409 on `version`: a conflict). */
  saveAttendance: (push: AttendancePush) => Promise<AttendanceSheet>;
  /** `GET …/attendance`: the server's sheet now. */
  getAttendance: (ref: SessionRef) => Promise<AttendanceSheet>;
  /** The server's sheet changed to this one (refresh what the screen shows). */
  onSynced: (sheet: AttendanceSheet) => void;
  /** The device refused to store the list (storage full, private mode). */
  onStoreFailed?: (error: unknown) => void;
}

export function createAttendanceSyncImplementations(deps: AttendanceSyncDeps) {
  const stored = (write: Promise<void>) => {
    // The list stays in the machine either way; a refused write only loses it on reload.
    write.catch((error: unknown) => deps.onStoreFailed?.(error));
  };
  return {
    actors: {
      loadQueued: fromPromise<QueuedAttendance | null, AttendanceOwnerRef>(({ input }) =>
        deps.getQueued(input),
      ),
      push: fromPromise<AttendanceSheet, AttendancePush>(({ input }) => deps.saveAttendance(input)),
      loadTheirs: fromPromise<AttendanceSheet, SessionRef>(({ input }) =>
        deps.getAttendance(input),
      ),
    },
    actions: {
      persistQueued: (_: unknown, { entry }: { entry: QueuedAttendance }) =>
        stored(deps.putQueued(entry)),
      forgetQueued: (_: unknown, ref: AttendanceOwnerRef) => stored(deps.deleteQueued(ref)),
      notifySynced: (_: unknown, { sheet }: { sheet: AttendanceSheet }) => deps.onSynced(sheet),
    },
  };
}

/** 'Cerrar lista': asks, closes, and shows the closed (read-only) list. */
export const attendanceCloseMachine = confirmActionFor<SessionRef, AttendanceSheet>();

export interface AttendanceCloseDeps {
  closeAttendance: (ref: SessionRef) => Promise<AttendanceSheet>;
  /** The closed sheet, to show read-only. */
  onClosed: (sheet: AttendanceSheet) => void;
  toast: Toast;
}

export function createAttendanceCloseImplementations(deps: AttendanceCloseDeps) {
  return {
    actors: {
      run: fromPromise<AttendanceSheet, { subject: SessionRef }>(({ input }) =>
        deps.closeAttendance(input.subject),
      ),
    },
    actions: {
      notifyDone: (_, { output }) => {
        deps.onClosed(output);
        deps.toast('Lista cerrada');
      },
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<SessionRef, AttendanceSheet>;
}
