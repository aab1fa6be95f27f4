import { z } from 'zod';
import { attendanceCountsShape } from './attendance-counts.schema';
import { MAX_ID, idSchema, optionalText, textSchema, wholeNumberSchema } from './common.schema';
import { RANGE_MAX_DAYS, sessionMessages } from './sessions.labels';

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

const figuresInstant = (label: string) =>
  textSchema(label).pipe(
    z.iso.datetime({
      offset: true,
      error: `${label} debe ser una fecha y hora ISO 8601 con zona horaria`,
    }),
  );

/**
 * `GET /api/pla_club_teams/{id}/attendance-figures`: the rates of the sessions starting
 * in [from, to) (at most a year), optionally of one category; a trainer gets their
 * categories' players, a family their own.
 */
export const attendanceFiguresQuerySchema = z
  .object({
    from: figuresInstant('from'),
    to: figuresInstant('to'),
    category_id: idSchema('La categoría').optional(),
  })
  .superRefine((value, ctx) => {
    const span = Date.parse(value.to) - Date.parse(value.from);
    if (!(span > 0))
      ctx.addIssue({ code: 'custom', path: ['to'], message: sessionMessages.badRange });
    else if (span > RANGE_MAX_DAYS * 24 * 60 * 60 * 1000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: sessionMessages.rangeTooLong });
  });
export type AttendanceFiguresQuery = z.output<typeof attendanceFiguresQuerySchema>;

export const attendanceFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  by_player: z.array(
    z.object({ player_id: z.number().int(), name: z.string(), ...attendanceCountsShape }),
  ),
  by_category: z.array(
    z.object({
      /** null = the club-wide sessions. */
      category_id: z.number().int().nullable(),
      category_name: z.string().nullable(),
      ...attendanceCountsShape,
    }),
  ),
  /** 'YYYY-MM' in the club's timezone, oldest first. */
  by_month: z.array(z.object({ month: z.string(), ...attendanceCountsShape })),
});
export type AttendanceFigures = z.infer<typeof attendanceFiguresSchema>;
