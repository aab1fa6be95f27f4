import type { AttendanceOwnerRef } from '../lib/attendance-queue';
import type { AttendanceSyncContext, SessionRef } from './attendance-sync.types';

/*
 * The transitions the attendance-sync machine (attendance-sync.machine.ts) uses in several
 * states, and the references its effects receive. Plain data naming the machine's actions
 * and guards; `setup` checks them there.
 */

/** The session, for the server's calls. */
export const refOf = ({ clubId, sessionId }: AttendanceSyncContext): SessionRef => ({
  clubId,
  sessionId,
});

/** This user's entry on the device: nobody reads or sends another person's list. */
export const ownRefOf = ({
  userId,
  clubId,
  sessionId,
}: AttendanceSyncContext): AttendanceOwnerRef => ({
  userId,
  clubId,
  sessionId,
});

/** A new list from 'Guardar': queued on the device, then sent when there is a connection. */
export const save = {
  target: '#attendanceSync.queued',
  actions: [
    'assignPending',
    {
      type: 'persistQueued',
      params: ({ context }: { context: AttendanceSyncContext }) => ({ entry: context.pending! }),
    },
  ],
} as const;

/** The connection went (the browser said so): the list waits, queued. */
export const goOffline = { target: '#attendanceSync.queued', actions: 'markOffline' } as const;

/** A failed call: a lost connection waits queued; anything else is the server's refusal. */
export const failedCall = [
  {
    guard: {
      type: 'isNetworkFailure',
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
    target: '#attendanceSync.queued',
    actions: 'markOffline',
  },
  {
    target: '#attendanceSync.failed',
    actions: {
      type: 'assignFailure',
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
  },
] as const;
