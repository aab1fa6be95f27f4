import { queryOptions } from '@tanstack/react-query';
import {
  type AttendanceSaveInput,
  type AttendanceSheet,
  attendanceSaveSchema,
  attendanceSheetSchema,
} from '../../contract/attendance.schema';
import { authClient, describeFailures } from './http';
import { clubKey } from './query-keys';

/*
 * The roll call of a session (issue #14):
 * `/api/pla_club_teams/{id}/sessions/{sessionId}/attendance`. Answers are parsed with the
 * contract; every failure is a RequestError (a lost connection has status null, someone
 * else's newer save is 409 on `version`).
 */

const attendancePath = (clubId: number, sessionId: number) =>
  `/pla_club_teams/${clubId}/sessions/${sessionId}/attendance`;

/** `GET …/attendance`: the session's players and their marks (null = not marked yet). */
export const getAttendance = (clubId: number, sessionId: number): Promise<AttendanceSheet> =>
  describeFailures(async () =>
    attendanceSheetSchema.parse(await authClient(attendancePath(clubId, sessionId))),
  );

/**
 * `PUT …/attendance`: the whole list from the version it started from; the new sheet.
 * 409 on `version` when someone saved since (unless `force`), 409 when the list is closed.
 */
export const saveAttendance = (
  clubId: number,
  sessionId: number,
  values: AttendanceSaveInput,
): Promise<AttendanceSheet> =>
  describeFailures(async () => {
    const body = attendanceSaveSchema.parse(values);
    return attendanceSheetSchema.parse(
      await authClient(attendancePath(clubId, sessionId), { method: 'PUT', body }),
    );
  });

/** `POST …/attendance/close`: the list closed (absences alerted); closing twice closes once. */
export const closeAttendance = (clubId: number, sessionId: number): Promise<AttendanceSheet> =>
  describeFailures(async () =>
    attendanceSheetSchema.parse(
      await authClient(`${attendancePath(clubId, sessionId)}/close`, { method: 'POST' }),
    ),
  );

/** One session's sheet (and whatever the roll call keeps with it). */
export const attendanceKey = (clubId: number, sessionId: number) =>
  clubKey(clubId, 'attendance', sessionId);

/** The sheet of one session, straight from the server. */
export const attendanceQuery = (clubId: number, sessionId: number) =>
  queryOptions({
    queryKey: attendanceKey(clubId, sessionId),
    queryFn: () => getAttendance(clubId, sessionId),
    enabled: clubId > 0 && sessionId > 0,
  });
