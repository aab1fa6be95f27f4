import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ActorRefFrom } from 'xstate';
import { useEffect, useState } from 'react';
import type { AttendanceSheet } from '../../../contract/attendance.schema';
import type { Session } from '../../../contract/sessions.schema';
import { closeAttendance, getAttendance, saveAttendance } from '../../api/attendance.api';
import { clubKey } from '../../api/query-keys';
import { refreshAfter } from '../../api/refresh';
import { getSession } from '../../api/sessions.api';
import { toast } from '../../components/toaster';
import * as queue from '../../lib/attendance-queue';
import type { AttendanceOwnerRef } from '../../lib/attendance-queue';
import { toRequestFailure } from '../../lib/request-failure';
import {
  attendanceCloseMachine,
  createAttendanceCloseImplementations,
  createAttendanceSyncImplementations,
} from '../../machines/attendance.actors';
import { attendanceSyncMachine } from '../../machines/attendance-sync.machine';
import { useRefreshAfter } from '../../api/refresh';

/*
 * The roll call's data and machines with this screen's dependencies (STYLE.md §2): the
 * session and its sheet (from the server, else the copy this device kept), the sync
 * machine over the IndexedDB queue and the API, and 'Cerrar lista'.
 */

/** What the roll call draws: the session's header, its sheet, and whether it is the device's copy. */
export interface RollCallData {
  session: Session;
  sheet: AttendanceSheet;
  /** When the device's copy was fetched, if the server could not be reached; else null. */
  cachedAt: string | null;
}

export const rollCallKey = (clubId: number, sessionId: number) =>
  clubKey(clubId, 'attendance', sessionId, 'roll-call');

/**
 * The server's session and sheet (kept on the device for this user), or this user's copy
 * when offline.
 */
async function loadRollCall(owner: AttendanceOwnerRef): Promise<RollCallData> {
  const { clubId, sessionId } = owner;
  try {
    const [session, sheet] = await Promise.all([
      getSession(clubId, sessionId),
      getAttendance(clubId, sessionId),
    ]);
    const fetchedAt = new Date().toISOString();
    queue.putCachedSheet({ ...owner, session, sheet, fetchedAt }).catch(() => {});
    return { session, sheet, cachedAt: null };
  } catch (error) {
    // Only a lost connection falls back: a refusal (403, 404) is the answer.
    if (toRequestFailure(error).status !== null) throw error;
    const cached = await queue.getCachedSheet(owner).catch(() => null);
    if (!cached) throw error;
    return { session: cached.session, sheet: cached.sheet, cachedAt: cached.fetchedAt };
  }
}

export function useRollCallData(owner: AttendanceOwnerRef) {
  const { userId, clubId, sessionId } = owner;
  return useQuery({
    queryKey: rollCallKey(clubId, sessionId),
    queryFn: () => loadRollCall(owner),
    enabled: userId > 0 && clubId > 0 && sessionId > 0,
    // Offline is this page's normal case: run the call and let it fall back.
    networkMode: 'always',
    retry: false,
    // The sheet on screen is the version the trainer's marks start from: it changes only
    // through this page (a save, a close), never behind the trainer's back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Reads the session and its sheet again (after dropping a list the server refused). */
export function useReloadRollCall(clubId: number) {
  // The club's roll calls (refresh.ts's 'roll-call'): only the one on screen is refetched.
  const queryClient = useQueryClient();
  return () => refreshAfter(queryClient, { resource: 'roll-call', clubId });
}

/** Puts the server's newest sheet on screen and on the device (as this user's copy). */
function useShowSheet(owner: AttendanceOwnerRef) {
  const queryClient = useQueryClient();
  return (sheet: AttendanceSheet) => {
    const key = rollCallKey(owner.clubId, owner.sessionId);
    const data = queryClient.setQueryData<RollCallData>(key, (old) =>
      old ? { ...old, sheet, cachedAt: null } : old,
    );
    if (data) {
      const fetchedAt = new Date().toISOString();
      const { session } = data;
      queue.putCachedSheet({ ...owner, session, sheet, fetchedAt }).catch(() => {});
    }
  };
}

/** The attendance-sync machine of one user's roll call of one session, made once per page. */
export function useAttendanceSyncLogic(owner: AttendanceOwnerRef) {
  const { clubId, sessionId } = owner;
  const showSheet = useShowSheet(owner);
  const refresh = useRefreshAfter('attendance', clubId);
  const [logic] = useState(() =>
    attendanceSyncMachine.provide(
      createAttendanceSyncImplementations({
        getQueued: queue.getQueued,
        putQueued: queue.putQueued,
        deleteQueued: queue.deleteQueued,
        saveAttendance: async ({ baseVersion, records, force }) => {
          const saved = await saveAttendance(clubId, sessionId, {
            version: baseVersion,
            records,
            force,
          });
          // The dashboards' attendance figures; not awaited: the sync goes on at once.
          void refresh();
          return saved;
        },
        getAttendance: () => getAttendance(clubId, sessionId),
        onSynced: showSheet,
        onStoreFailed: () =>
          toast('No se pudo guardar la lista en este dispositivo', { variant: 'destructive' }),
      }),
    ),
  );
  return logic;
}

/** 'Cerrar lista': the confirm-action machine over `POST …/attendance/close`. */
export function useAttendanceCloseLogic(owner: AttendanceOwnerRef) {
  const { clubId, sessionId } = owner;
  const showSheet = useShowSheet(owner);
  const refresh = useRefreshAfter('attendance', clubId);
  const [logic] = useState(() =>
    attendanceCloseMachine.provide(
      createAttendanceCloseImplementations({
        closeAttendance: async () => {
          const closed = await closeAttendance(clubId, sessionId);
          void refresh();
          return closed;
        },
        onClosed: showSheet,
        toast,
      }),
    ),
  );
  return logic;
}

/** Tells the sync machine when the browser goes offline or comes back. */
export function useConnectionEvents(sync: ActorRefFrom<typeof attendanceSyncMachine>) {
  useEffect(() => {
    const online = () => sync.send({ type: 'sync.online' });
    const offline = () => sync.send({ type: 'sync.offline' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [sync]);
}
