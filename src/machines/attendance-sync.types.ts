import type { AttendanceSheet } from '../../contract/attendance.schema';
import type { AttendanceMark, QueuedAttendance } from '../lib/attendance-queue';
import type { RequestFailure } from '../lib/request-failure';

/*
 * The attendance-sync machine's input, context, events and the shapes its effects receive
 * (src/machines/attendance-sync.machine.ts).
 */

export interface AttendanceSyncInput {
  /** The signed-in user: the only one whose queued list is read, written and sent. */
  userId: number;
  clubId: number;
  sessionId: number;
  /** Whether the browser says it is online when the page opens (`navigator.onLine`). */
  online: boolean;
}

export interface AttendanceSyncContext extends AttendanceSyncInput {
  /** The list saved on this device and not yet accepted by the server. */
  pending: QueuedAttendance | null;
  /** The waiting list was left on the device by an earlier visit (not saved on this page). */
  leftOver: boolean;
  /** The trainer saw both lists and kept mine: the next send overwrites theirs. */
  force: boolean;
  /** The server's sheet after the last accepted save (its `version` is the next base). */
  saved: AttendanceSheet | null;
  /** Someone else's newer sheet, shown next to mine while the trainer chooses. */
  theirs: AttendanceSheet | null;
  /** Why the server refused the last send (not a lost connection, not a conflict). */
  failure: RequestFailure | null;
}

export type AttendanceSyncEvent =
  | { type: 'sync.save'; records: AttendanceMark[]; baseVersion: number; savedAt: string }
  | { type: 'sync.online' }
  | { type: 'sync.offline' }
  | { type: 'sync.retry' }
  | { type: 'sync.keepMine' }
  | { type: 'sync.keepTheirs' }
  | { type: 'sync.discard' };

/** What the `push` actor sends: `PUT …/attendance`. */
export interface AttendancePush {
  clubId: number;
  sessionId: number;
  baseVersion: number;
  records: AttendanceMark[];
  force: boolean;
}

export interface SessionRef {
  clubId: number;
  sessionId: number;
}
