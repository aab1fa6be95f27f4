import { z } from 'zod';
import { MAX_ID, idSchema, optionalText, wholeNumberSchema } from './common.schema';

/*
 * The roll call of a session (issue #14, DOMAIN.md "Calendar"): one mark per player
 * (present, absent, late, excused) with a note, saved as a whole list under
 * /api/pla_club_teams/{id}/sessions/{sessionId}/attendance (sessions.view to read,
 * sessions.update to save, close and reopen). Every save names the version the list
 * started from, so a roll call taken offline and synced later finds out when someone
 * else saved in between (409 on `version`); `force` overwrites. Closing the list alerts
 * the guardians of minors (or the adult players) marked absent.
 */

export const attendanceStatuses = ['present', 'absent', 'late', 'excused'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];
export const attendanceStatusLabels: Record<AttendanceStatus, string> = {
  present: 'Presente',
  absent: 'Ausente',
  late: 'Tarde',
  excused: 'Excusado',
};

export const ATTENDANCE_NOTE_MAX = 300;
/** A list holds at most this many players (a save sends the whole list). */
export const ATTENDANCE_RECORDS_MAX = 200;

export const attendanceMessages = {
  conflict: 'Otra persona guardó la asistencia mientras tanto',
  closed: 'La lista de asistencia está cerrada',
  notClosed: 'La lista de asistencia no está cerrada',
  notInCategory: 'Este jugador no pertenece a la categoría de la sesión',
  cancelledSession: 'La sesión está cancelada',
  duplicatePlayer: 'Un jugador aparece más de una vez en la lista',
  badStatus: "El estado debe ser 'present', 'absent', 'late' o 'excused'",
  badVersion: 'La versión debe ser un número entero mayor o igual a 0',
  recordsNeeded: 'La lista debe tener al menos un jugador',
  tooManyRecords: `La lista no puede tener más de ${ATTENDANCE_RECORDS_MAX} jugadores`,
  reopenOnlyOwner: 'Solo el propietario del club puede reabrir una lista cerrada',
} as const;

/** One player's row of the sheet. */
export const attendanceRecordSchema = z.object({
  player_id: z.number().int(),
  name: z.string(),
  photo_url: z.string().nullable(),
  jersey_number: z.number().int().nullable(),
  /** null = not marked yet. */
  status: z.enum(attendanceStatuses).nullable(),
  note: z.string().nullable(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

/**
 * `GET …/attendance` (and the answer of every write): the session's players sorted by
 * name. For a category session the category's current active players plus anyone who
 * already has a mark; for a club-wide one every current active player. A family sees only
 * their own rows.
 */
export const attendanceSheetSchema = z.object({
  session_id: z.number().int(),
  /** Bumped by every save; a save names the version it started from. */
  version: z.number().int(),
  closed_at: z.string().nullable(),
  closed_by_name: z.string().nullable(),
  /** Whether the caller may save, close (and, for an owner, reopen) the list. */
  can_manage: z.boolean(),
  records: z.array(attendanceRecordSchema),
});
export type AttendanceSheet = z.infer<typeof attendanceSheetSchema>;

/**
 * `PUT …/attendance`: the whole list (or the part of it marked), idempotent per player;
 * a player at most once (422 on `records`).
 */
export const attendanceSaveSchema = z.object({
  /** The version the list started from (the sheet's `version`). */
  version: wholeNumberSchema(attendanceMessages.badVersion).pipe(
    z.number().min(0, attendanceMessages.badVersion).max(MAX_ID, attendanceMessages.badVersion),
  ),
  records: z
    .array(
      z.object({
        player_id: idSchema('El jugador'),
        status: z.enum(attendanceStatuses, { error: attendanceMessages.badStatus }),
        note: optionalText('La nota', ATTENDANCE_NOTE_MAX),
      }),
      { error: attendanceMessages.recordsNeeded },
    )
    .min(1, attendanceMessages.recordsNeeded)
    .max(ATTENDANCE_RECORDS_MAX, attendanceMessages.tooManyRecords),
  /** Save over someone else's newer list (after seeing both). */
  force: z.boolean({ error: 'force debe ser true o false' }).default(false),
});
export type AttendanceSave = z.output<typeof attendanceSaveSchema>;
export type AttendanceSaveInput = z.input<typeof attendanceSaveSchema>;
