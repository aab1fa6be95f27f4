import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { AttendanceSheet, AttendanceStatus } from '../../contract/attendance.schema';
import type { Session } from '../../contract/sessions.schema';

/*
 * The roll call's offline store (issue #14, docs/calendar.md "Attendance"): a trainer at
 * the field without signal saves the list into IndexedDB, and the attendance-sync machine
 * sends it when the connection returns. One queued list per (club, session): a later save
 * of the same list replaces the earlier one. The last sheet and session fetched are kept
 * too, so the page opens offline.
 *
 * Writes keep their order: every call waits for the same opened database and then starts
 * its own transaction, and IndexedDB runs read-write transactions on one store in the order
 * they were created, so "put, then delete" issued in that order lands in that order.
 */

/** One player's mark as the trainer left it. */
export interface AttendanceMark {
  player_id: number;
  status: AttendanceStatus;
  note: string | null;
}

/** A list saved on this device and not yet accepted by the server. */
export interface QueuedAttendance {
  clubId: number;
  sessionId: number;
  /** The sheet's version the trainer started from (the server answers 409 if it moved). */
  baseVersion: number;
  records: AttendanceMark[];
  /** When the trainer pressed 'Guardar' (ISO 8601). */
  savedAt: string;
}

/** The last sheet and session the server sent for a session, to open the page offline. */
export interface CachedAttendance {
  clubId: number;
  sessionId: number;
  sheet: AttendanceSheet;
  session: Session;
  fetchedAt: string;
}

type Key = [clubId: number, sessionId: number];

interface AttendanceDb extends DBSchema {
  queue: { key: Key; value: QueuedAttendance };
  sheets: { key: Key; value: CachedAttendance };
}

const DB_NAME = 'gestion-deportiva-attendance';
const DB_VERSION = 1;

let opened: Promise<IDBPDatabase<AttendanceDb>> | null = null;

function database(): Promise<IDBPDatabase<AttendanceDb>> {
  opened ??= openDB<AttendanceDb>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('queue', { keyPath: ['clubId', 'sessionId'] });
      db.createObjectStore('sheets', { keyPath: ['clubId', 'sessionId'] });
    },
    // Another tab upgrading the schema: let it, and open again on the next call.
    blocking() {
      void closeAttendanceStore();
    },
  });
  const current = opened;
  // A refused open (private mode, storage off) is retried next time, not cached forever.
  current.catch(() => {
    if (opened === current) opened = null;
  });
  return current;
}

/** Saves (or replaces) the queued list of one session. */
export async function putQueued(entry: QueuedAttendance): Promise<void> {
  await (await database()).put('queue', entry);
}

/** The queued list of one session, or null when nothing waits. */
export async function getQueued(
  clubId: number,
  sessionId: number,
): Promise<QueuedAttendance | null> {
  return (await (await database()).get('queue', [clubId, sessionId])) ?? null;
}

/** Forgets the queued list of one session (the server accepted it, or the trainer chose theirs). */
export async function deleteQueued(clubId: number, sessionId: number): Promise<void> {
  await (await database()).delete('queue', [clubId, sessionId]);
}

/** Every queued list on this device, of every club, oldest key first. */
export async function listQueued(): Promise<QueuedAttendance[]> {
  return (await database()).getAll('queue');
}

/** Keeps the sheet and session just fetched, replacing the previous copy. */
export async function putCachedSheet(entry: CachedAttendance): Promise<void> {
  await (await database()).put('sheets', entry);
}

/** The last sheet and session fetched for one session, or null. */
export async function getCachedSheet(
  clubId: number,
  sessionId: number,
): Promise<CachedAttendance | null> {
  return (await (await database()).get('sheets', [clubId, sessionId])) ?? null;
}

/** Closes the connection (another tab upgrades, or tests start from a fresh store). */
export async function closeAttendanceStore(): Promise<void> {
  const current = opened;
  opened = null;
  if (current) (await current.catch(() => null))?.close();
}
