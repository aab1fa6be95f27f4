import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttendanceSheet } from '../../contract/attendance.schema';
import type { Session } from '../../contract/sessions.schema';
import {
  type CachedAttendance,
  type QueuedAttendance,
  clearCachedSheets,
  closeAttendanceStore,
  deleteQueued,
  getCachedSheet,
  getQueued,
  listQueued,
  putCachedSheet,
  putQueued,
} from '../../src/lib/attendance-queue';

const DB_NAME = 'gestion-deportiva-attendance';

afterEach(async () => {
  await closeAttendanceStore();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
});

/** Two people who sign in on the same phone. */
const ANA = 4;
const LUIS = 9;

const entry = (
  userId: number,
  clubId: number,
  sessionId: number,
  baseVersion = 0,
): QueuedAttendance => ({
  userId,
  clubId,
  sessionId,
  baseVersion,
  records: [{ player_id: 5, status: 'absent', note: 'Enfermo' }],
  savedAt: '2026-11-24T18:00:00.000Z',
});

const sheet = { session_id: 7, version: 3, records: [] } as unknown as AttendanceSheet;
const session = { id: 7, title: 'Entrenamiento Sub-12' } as Session;
const cached = (userId: number, sessionId = 7, fetchedAt = 'a'): CachedAttendance => ({
  userId,
  clubId: 1,
  sessionId,
  sheet,
  session,
  fetchedAt,
});

describe('the roll call’s offline queue (IndexedDB)', () => {
  it('keeps one list per user, club and session: a later save replaces the earlier one', async () => {
    await putQueued(entry(ANA, 1, 7, 2));
    await putQueued(entry(ANA, 1, 7, 3));
    await putQueued(entry(ANA, 1, 8));
    await putQueued(entry(ANA, 2, 7));

    expect(await getQueued({ userId: ANA, clubId: 1, sessionId: 7 })).toEqual(entry(ANA, 1, 7, 3));
    expect(await listQueued(ANA)).toHaveLength(3);
    expect(await getQueued({ userId: ANA, clubId: 3, sessionId: 7 })).toBeNull();
  });

  it('never gives one person the list another saved for the same session', async () => {
    await putQueued(entry(ANA, 1, 7, 2));
    expect(await getQueued({ userId: LUIS, clubId: 1, sessionId: 7 })).toBeNull();
    expect(await listQueued(LUIS)).toEqual([]);

    await putQueued(entry(LUIS, 1, 7, 5));
    expect(await getQueued({ userId: ANA, clubId: 1, sessionId: 7 })).toEqual(entry(ANA, 1, 7, 2));
    expect(await getQueued({ userId: LUIS, clubId: 1, sessionId: 7 })).toEqual(
      entry(LUIS, 1, 7, 5),
    );
    expect(await listQueued(ANA)).toEqual([entry(ANA, 1, 7, 2)]);
    expect(await listQueued(LUIS)).toEqual([entry(LUIS, 1, 7, 5)]);

    // Sending (and so forgetting) one person's list leaves the other's waiting.
    await deleteQueued({ userId: LUIS, clubId: 1, sessionId: 7 });
    expect(await getQueued({ userId: ANA, clubId: 1, sessionId: 7 })).toEqual(entry(ANA, 1, 7, 2));
  });

  it('forgets only the list of the session named', async () => {
    await putQueued(entry(ANA, 1, 7));
    await putQueued(entry(ANA, 2, 7));
    await deleteQueued({ userId: ANA, clubId: 1, sessionId: 7 });

    expect(await getQueued({ userId: ANA, clubId: 1, sessionId: 7 })).toBeNull();
    expect(await listQueued(ANA)).toEqual([entry(ANA, 2, 7)]);
  });

  it('survives a closed connection (a reload): the list is still there', async () => {
    await putQueued(entry(ANA, 1, 7));
    await closeAttendanceStore();
    expect(await getQueued({ userId: ANA, clubId: 1, sessionId: 7 })).toEqual(entry(ANA, 1, 7));
  });

  it('keeps writes in the order they were made, even when not awaited', async () => {
    const ref = { userId: ANA, clubId: 1, sessionId: 7 };
    const writes = [putQueued(entry(ANA, 1, 7)), deleteQueued(ref), putQueued(entry(ANA, 1, 7, 9))];
    await Promise.all(writes);
    expect(await getQueued(ref)).toEqual(entry(ANA, 1, 7, 9));

    const again = [putQueued(entry(ANA, 1, 7, 10)), deleteQueued(ref)];
    await Promise.all(again);
    expect(await getQueued(ref)).toBeNull();
  });

  it('caches the last sheet and session each person fetched, to open the page offline', async () => {
    const ana = { userId: ANA, clubId: 1, sessionId: 7 };
    expect(await getCachedSheet(ana)).toBeNull();
    await putCachedSheet(cached(ANA, 7, 'a'));
    await putCachedSheet(cached(ANA, 7, 'b'));

    expect(await getCachedSheet(ana)).toEqual(cached(ANA, 7, 'b'));
    expect(await getCachedSheet({ ...ana, userId: LUIS })).toBeNull();
    expect(await getQueued(ana)).toBeNull();
  });

  it('drops every person’s cached sheets on a logout but keeps the lists still to send', async () => {
    await putCachedSheet(cached(ANA, 7));
    await putCachedSheet(cached(LUIS, 8));
    await putQueued(entry(ANA, 1, 7));
    await putQueued(entry(LUIS, 1, 8));

    await clearCachedSheets();

    expect(await getCachedSheet({ userId: ANA, clubId: 1, sessionId: 7 })).toBeNull();
    expect(await getCachedSheet({ userId: LUIS, clubId: 1, sessionId: 8 })).toBeNull();
    expect(await listQueued(ANA)).toEqual([entry(ANA, 1, 7)]);
    expect(await listQueued(LUIS)).toEqual([entry(LUIS, 1, 8)]);
  });

  it('drops what the first version kept without an owner when it upgrades', async () => {
    // The store as version 1 left it: keyed by club and session only.
    const old = await openDB(DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore('queue', { keyPath: ['clubId', 'sessionId'] });
        db.createObjectStore('sheets', { keyPath: ['clubId', 'sessionId'] });
      },
    });
    const { userId: _, ...ownerless } = entry(ANA, 1, 7);
    await old.put('queue', ownerless);
    await old.put('sheets', { clubId: 1, sessionId: 7, sheet, session, fetchedAt: 'a' });
    old.close();

    expect(await listQueued(ANA)).toEqual([]);
    expect(await getCachedSheet({ userId: ANA, clubId: 1, sessionId: 7 })).toBeNull();
    // The new stores work under the new key.
    await putQueued(entry(ANA, 1, 7));
    expect(await getQueued({ userId: ANA, clubId: 1, sessionId: 7 })).toEqual(entry(ANA, 1, 7));
  });
});
