import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttendanceSheet } from '../../contract/attendance.schema';
import type { Session } from '../../contract/sessions.schema';
import {
  type QueuedAttendance,
  closeAttendanceStore,
  deleteQueued,
  getCachedSheet,
  getQueued,
  listQueued,
  putCachedSheet,
  putQueued,
} from '../../src/lib/attendance-queue';

afterEach(async () => {
  await closeAttendanceStore();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase('gestion-deportiva-attendance');
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
});

const entry = (clubId: number, sessionId: number, baseVersion = 0): QueuedAttendance => ({
  clubId,
  sessionId,
  baseVersion,
  records: [{ player_id: 5, status: 'absent', note: 'Enfermo' }],
  savedAt: '2026-11-24T18:00:00.000Z',
});

describe('the roll call’s offline queue (IndexedDB)', () => {
  it('keeps one list per club and session: a later save replaces the earlier one', async () => {
    await putQueued(entry(1, 7, 2));
    await putQueued(entry(1, 7, 3));
    await putQueued(entry(1, 8));
    await putQueued(entry(2, 7));

    expect(await getQueued(1, 7)).toEqual(entry(1, 7, 3));
    expect(await listQueued()).toHaveLength(3);
    expect(await getQueued(3, 7)).toBeNull();
  });

  it('forgets only the list of the session named', async () => {
    await putQueued(entry(1, 7));
    await putQueued(entry(2, 7));
    await deleteQueued(1, 7);

    expect(await getQueued(1, 7)).toBeNull();
    expect(await listQueued()).toEqual([entry(2, 7)]);
  });

  it('survives a closed connection (a reload): the list is still there', async () => {
    await putQueued(entry(1, 7));
    await closeAttendanceStore();
    expect(await getQueued(1, 7)).toEqual(entry(1, 7));
  });

  it('keeps writes in the order they were made, even when not awaited', async () => {
    const writes = [putQueued(entry(1, 7)), deleteQueued(1, 7), putQueued(entry(1, 7, 9))];
    await Promise.all(writes);
    expect(await getQueued(1, 7)).toEqual(entry(1, 7, 9));

    const again = [putQueued(entry(1, 7, 10)), deleteQueued(1, 7)];
    await Promise.all(again);
    expect(await getQueued(1, 7)).toBeNull();
  });

  it('caches the last sheet and session fetched, to open the page offline', async () => {
    const sheet = { session_id: 7, version: 3, records: [] } as unknown as AttendanceSheet;
    const session = { id: 7, title: 'Entrenamiento Sub-12' } as Session;
    expect(await getCachedSheet(1, 7)).toBeNull();
    await putCachedSheet({ clubId: 1, sessionId: 7, sheet, session, fetchedAt: 'a' });
    await putCachedSheet({ clubId: 1, sessionId: 7, sheet, session, fetchedAt: 'b' });

    expect(await getCachedSheet(1, 7)).toEqual({
      clubId: 1,
      sessionId: 7,
      sheet,
      session,
      fetchedAt: 'b',
    });
    expect(await getQueued(1, 7)).toBeNull();
  });
});
