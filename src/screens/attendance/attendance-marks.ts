import {
  type AttendanceSheet,
  type AttendanceStatus,
  attendanceStatuses,
  attendanceStatusLabels,
} from '../../../contract/attendance.schema';
import type { AttendanceMark } from '../../lib/attendance-queue';

/*
 * The roll call's list as the screen draws it (issue #14): the sheet's players, each with
 * the trainer's mark over the server's, everyone not marked yet counted present. Pure, so
 * the taps and the counts are tested without a screen.
 */

/** One player's row: who, and the mark shown. */
export interface RollCallRow extends AttendanceMark {
  name: string;
  jersey_number: number | null;
  photo_url: string | null;
}

/** One tap moves a player to the next mark: present → absent → late → excused → present. */
export function nextStatus(status: AttendanceStatus): AttendanceStatus {
  const index = attendanceStatuses.indexOf(status);
  return attendanceStatuses[(index + 1) % attendanceStatuses.length]!;
}

/**
 * The sheet's players with `marks` (this device's list) over the server's; a player the
 * server has not marked, and `marks` does not name, is present (the pre-marked roll call).
 */
export function rowsOf(
  sheet: AttendanceSheet,
  marks: readonly AttendanceMark[] | null,
): RollCallRow[] {
  const mine = new Map((marks ?? []).map((mark) => [mark.player_id, mark]));
  return sheet.records.map((record) => {
    const mark = mine.get(record.player_id);
    return {
      player_id: record.player_id,
      name: record.name,
      jersey_number: record.jersey_number,
      photo_url: record.photo_url,
      status: mark?.status ?? record.status ?? 'present',
      note: mark ? mark.note : record.note,
    };
  });
}

/** The rows as the device's list, notes as typed. */
const draftOf = (rows: readonly RollCallRow[]): AttendanceMark[] =>
  rows.map(({ player_id, status, note }) => ({ player_id, status, note }));

/** The marks to save, one per row; a note is trimmed, a blank one is none. */
export const marksOf = (rows: readonly RollCallRow[]): AttendanceMark[] =>
  rows.map(({ player_id, status, note }) => ({
    player_id,
    status,
    note: note?.trim() ? note.trim() : null,
  }));

/** The rows with one player's mark cycled. */
export const cycled = (rows: readonly RollCallRow[], playerId: number): AttendanceMark[] =>
  draftOf(
    rows.map((row) =>
      row.player_id === playerId ? { ...row, status: nextStatus(row.status) } : row,
    ),
  );

/** The rows with one player's note, as typed. */
export const withNote = (rows: readonly RollCallRow[], playerId: number, note: string) =>
  draftOf(rows.map((row) => (row.player_id === playerId ? { ...row, note } : row)));

/** How many players have each mark. */
export function countsOf(rows: readonly RollCallRow[]): Record<AttendanceStatus, number> {
  const counts = { present: 0, absent: 0, late: 0, excused: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/** 'Presentes 18 · Ausentes 1 · Tarde 0 · Excusados 1'. */
export function countsText(counts: Record<AttendanceStatus, number>): string {
  const plural: Record<AttendanceStatus, string> = {
    present: 'Presentes',
    absent: 'Ausentes',
    late: 'Tarde',
    excused: 'Excusados',
  };
  return attendanceStatuses.map((status) => `${plural[status]} ${counts[status]}`).join(' · ');
}

/** 'Juan Pérez: Presente. Tocar para cambiar' (the row's accessible name). */
export const rowLabel = (row: Pick<RollCallRow, 'name' | 'status'>) =>
  `${row.name}: ${attendanceStatusLabels[row.status]}. Tocar para cambiar`;

/** One player in the conflict dialog: my mark next to theirs. */
export interface ConflictRow {
  player_id: number;
  name: string;
  mine: Pick<AttendanceMark, 'status' | 'note'> | null;
  theirs: Pick<AttendanceMark, 'status' | 'note'> | null;
  differs: boolean;
}

/** Every player of either list, with both marks; `names` names players only mine has. */
export function conflictRows(
  mine: readonly AttendanceMark[],
  theirs: AttendanceSheet,
  names: ReadonlyMap<number, string>,
): ConflictRow[] {
  const myMarks = new Map(mine.map((mark) => [mark.player_id, mark]));
  const rows: ConflictRow[] = theirs.records.map((record) => {
    const my = myMarks.get(record.player_id) ?? null;
    const their = record.status ? { status: record.status, note: record.note } : null;
    return {
      player_id: record.player_id,
      name: record.name,
      mine: my,
      theirs: their,
      differs: false,
    };
  });
  const listed = new Set(rows.map((row) => row.player_id));
  for (const mark of mine) {
    if (listed.has(mark.player_id)) continue;
    const name = names.get(mark.player_id) ?? `Jugador ${mark.player_id}`;
    rows.push({ player_id: mark.player_id, name, mine: mark, theirs: null, differs: false });
  }
  return rows.map((row) => ({
    ...row,
    differs:
      row.mine?.status !== row.theirs?.status ||
      (row.mine?.note ?? null) !== (row.theirs?.note ?? null),
  }));
}
