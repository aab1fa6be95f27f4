import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { AttendanceSheet, AttendanceStatus } from '../../contract/attendance.schema';
import type { Session } from '../../contract/sessions.schema';

/*
 * The roll call's offline store (issue #14, docs/calendar.md "Attendance"): a trainer at
 * the field without signal saves the list into IndexedDB, and the attendance-sync machine
 * sends it when the connection returns. One queued list per (user, club, session): a later
 * save of the same list replaces the earlier one. The last sheet and session fetched are
 * kept too, so the page opens offline.
 *
 * Every entry belongs to the signed-in person who made it (its key starts with their user
 * id), so someone else signing in on the same phone never reads or sends it. A logout
 * drops every cached sheet (player names and notes) but keeps the queued lists: unsent
 * attendance is work, sent when the same person opens that roll call again.
 *
 * Writes keep their order: every call waits for the same opened database and then starts
 * its own transaction, and IndexedDB runs read-write transactions on one store in the order
 * they were created, so "put, then delete" issued in that order lands in that order.
 */

/** Whose entry for which session: every key of the store. */
export interface AttendanceOwnerRef {
  /** The signed-in user who saved the list or fetched the sheet. */
  userId: number;
  clubId: number;
  sessionId: number;
}

/** One player's mark as the trainer left it. */
export interface AttendanceMark {
  player_id: number;
  status: AttendanceStatus;
  note: string | null;
}

/** A list saved on this device and not yet accepted by the server. */
export interface QueuedAttendance extends AttendanceOwnerRef {
  /** The sheet's version the trainer started from (the server answers 409 if it moved). */
  baseVersion: number;
  records: AttendanceMark[];
  /** When the trainer pressed 'Guardar' (ISO 8601). */
  savedAt: string;
}

/** The last sheet and session the server sent for a session, to open the page offline. */
export interface CachedAttendance extends AttendanceOwnerRef {
  sheet: AttendanceSheet;
  session: Session;
  fetchedAt: string;
}

type Key = [userId: number, clubId: number, sessionId: number];

interface AttendanceDb extends DBSchema {
  queue: { key: Key; value: QueuedAttendance };
  sheets: { key: Key; value: CachedAttendance };
}

const DB_NAME = 'gestion-deportiva-attendance';
/** 2: keyed by user. Version 1's entries had no owner and are dropped on upgrade. */
const DB_VERSION = 2;
const STORES = ['queue', 'sheets'] as const;
const KEY_PATH = ['userId', 'clubId', 'sessionId'];

const keyOf = ({ userId, clubId, sessionId }: AttendanceOwnerRef): Key => [
  userId,
  clubId,
  sessionId,
];

let opened: Promise<IDBPDatabase<AttendanceDb>> | null = null;

function database(): Promise<IDBPDatabase<AttendanceDb>> {
  opened ??= openDB<AttendanceDb>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      // Whatever an older version held cannot be told apart by person: start empty.
      for (const store of STORES) {
        if (db.objectStoreNames.contains(store)) db.deleteObjectStore(store);
        db.createObjectStore(store, { keyPath: KEY_PATH });
      }
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

/** Saves (or replaces) the queued list of one user and session. */
export async function putQueued(entry: QueuedAttendance): Promise<void> {
  await (await database()).put('queue', entry);
}

/** The user's queued list of one session, or null when nothing waits. */
export async function getQueued(ref: AttendanceOwnerRef): Promise<QueuedAttendance | null> {
  return (await (await database()).get('queue', keyOf(ref))) ?? null;
}

/** Forgets the user's queued list of one session (the server took it, or they chose theirs). */
export async function deleteQueued(ref: AttendanceOwnerRef): Promise<void> {
  await (await database()).delete('queue', keyOf(ref));
}

/** Every list one user queued on this device, of every club, oldest key first. */
export async function listQueued(userId: number): Promise<QueuedAttendance[]> {
  const own = IDBKeyRange.bound([userId, -Infinity, -Infinity], [userId, Infinity, Infinity]);
  return (await database()).getAll('queue', own);
}

/** Keeps the sheet and session just fetched for the user, replacing the previous copy. */
export async function putCachedSheet(entry: CachedAttendance): Promise<void> {
  await (await database()).put('sheets', entry);
}

/** The last sheet and session the user fetched for one session, or null. */
export async function getCachedSheet(ref: AttendanceOwnerRef): Promise<CachedAttendance | null> {
  return (await (await database()).get('sheets', keyOf(ref))) ?? null;
}

/**
 * Drops every cached sheet, of every user (a logout: names and notes must not outlive the
 * session); the queued lists stay for their owners.
 */
export async function clearCachedSheets(): Promise<void> {
  await (await database()).clear('sheets');
}

/** Closes the connection (another tab upgrades, or tests start from a fresh store). */
export async function closeAttendanceStore(): Promise<void> {
  const current = opened;
  opened = null;
  if (current) (await current.catch(() => null))?.close();
}
