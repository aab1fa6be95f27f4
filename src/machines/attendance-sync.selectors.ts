import type { AttendanceSheet } from '../../contract/attendance.schema';
import type { AttendanceMark } from '../lib/attendance-queue';
import type { RequestFailure } from '../lib/request-failure';
import type { AttendanceSyncSnapshot } from './attendance-sync.machine';

/*
 * What the roll call reads from the attendance-sync machine (STYLE.md §3).
 */

/** The status line under the list. */
export type AttendanceSyncStatus =
  'loading' | 'idle' | 'pending' | 'syncing' | 'synced' | 'conflict' | 'failed';

export const selectSyncStatus = (snapshot: AttendanceSyncSnapshot): AttendanceSyncStatus => {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.hasTag('pending')) return 'pending';
  if (snapshot.hasTag('busy')) return 'syncing';
  if (snapshot.matches('synced')) return 'synced';
  if (snapshot.matches('conflict')) return 'conflict';
  if (snapshot.matches('failed')) return 'failed';
  return 'idle';
};

/** The list saved on this device and not yet on the server (its marks), else null. */
export const selectPendingMarks = (snapshot: AttendanceSyncSnapshot): AttendanceMark[] | null =>
  snapshot.context.pending?.records ?? null;

/** When the queued list was saved on the device, else null. */
export const selectPendingSince = (snapshot: AttendanceSyncSnapshot): string | null =>
  snapshot.context.pending?.savedAt ?? null;

/**
 * When the list still waiting was saved, if an earlier visit left it on the device and it
 * is not being sent right now ('Tienes una lista sin enviar de …'); else null.
 */
export const selectLeftOverSince = (snapshot: AttendanceSyncSnapshot): string | null =>
  snapshot.context.leftOver && (snapshot.matches('queued') || snapshot.matches('failed'))
    ? (snapshot.context.pending?.savedAt ?? null)
    : null;

/** Both lists while the trainer chooses, else null. */
export const selectConflict = (
  snapshot: AttendanceSyncSnapshot,
): { mine: AttendanceMark[]; theirs: AttendanceSheet } | null => {
  const { pending, theirs } = snapshot.context;
  return snapshot.matches('conflict') && pending && theirs
    ? { mine: pending.records, theirs }
    : null;
};

/** 'Guardar' is accepted (not while the list is being sent or compared). */
export const selectCanSave = (snapshot: AttendanceSyncSnapshot) =>
  snapshot.matches('idle') ||
  snapshot.matches('queued') ||
  snapshot.matches('synced') ||
  snapshot.matches('failed');

/** 'Reintentar' is offered: a queued list, or one the server refused. */
export const selectCanRetry = (snapshot: AttendanceSyncSnapshot) =>
  snapshot.matches('queued') || snapshot.matches('failed');

/** 'Descartar mis cambios' is offered once the server refused the list. */
export const selectCanDiscard = (snapshot: AttendanceSyncSnapshot) => snapshot.matches('failed');

/** The server's refusal of the last send, in the failed state; else null. */
export const selectSyncFailure = (snapshot: AttendanceSyncSnapshot): RequestFailure | null =>
  snapshot.matches('failed') ? snapshot.context.failure : null;

/** Whether the server has every mark of this device (nothing queued, nothing in flight). */
export const selectIsSettled = (snapshot: AttendanceSyncSnapshot) =>
  snapshot.matches('idle') || snapshot.matches('synced');
