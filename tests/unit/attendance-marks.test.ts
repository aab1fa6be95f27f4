import { describe, expect, it } from 'vitest';
import type { AttendanceSheet } from '../../contract/attendance.schema';
import {
  conflictRows,
  countsOf,
  countsText,
  cycled,
  marksOf,
  nextStatus,
  rowLabel,
  rowsOf,
  withNote,
} from '../../src/screens/attendance/attendance-marks';

const sheet: AttendanceSheet = {
  session_id: 7,
  version: 1,
  closed_at: null,
  closed_by_name: null,
  can_manage: true,
  records: [
    {
      player_id: 1,
      name: 'Ana Gómez',
      photo_url: null,
      jersey_number: 9,
      status: null,
      note: null,
    },
    {
      player_id: 2,
      name: 'Juan Pérez',
      photo_url: null,
      jersey_number: 4,
      status: 'late',
      note: 'Bus',
    },
    {
      player_id: 3,
      name: 'Luis Díaz',
      photo_url: null,
      jersey_number: null,
      status: null,
      note: null,
    },
  ],
};

describe('the roll call’s marks', () => {
  it('cycles present → absent → late → excused → present', () => {
    expect(['present', 'absent', 'late', 'excused'].map((s) => nextStatus(s as never))).toEqual([
      'absent',
      'late',
      'excused',
      'present',
    ]);
  });

  it('pre-marks present whoever the server has not marked; the device’s marks win', () => {
    expect(rowsOf(sheet, null).map(({ status }) => status)).toEqual(['present', 'late', 'present']);
    const rows = rowsOf(sheet, [{ player_id: 2, status: 'absent', note: null }]);
    expect(rows.map(({ status, note }) => [status, note])).toEqual([
      ['present', null],
      ['absent', null],
      ['present', null],
    ]);
  });

  it('one tap changes one player; a note is kept as typed and saved trimmed, blank as none', () => {
    const rows = rowsOf(sheet, null);
    expect(cycled(rows, 3)).toEqual([
      { player_id: 1, status: 'present', note: null },
      { player_id: 2, status: 'late', note: 'Bus' },
      { player_id: 3, status: 'absent', note: null },
    ]);
    const typed = withNote(rows, 1, 'Llegó con el papá ');
    expect(typed[0]!.note).toBe('Llegó con el papá ');
    const saved = marksOf(rowsOf(sheet, withNote(rowsOf(sheet, typed), 2, '   ')));
    expect(saved.map(({ note }) => note)).toEqual(['Llegó con el papá', null, null]);
  });

  it('counts each mark and says it in Spanish', () => {
    const rows = rowsOf(sheet, cycled(rowsOf(sheet, null), 1));
    expect(countsOf(rows)).toEqual({ present: 1, absent: 1, late: 1, excused: 0 });
    expect(countsText(countsOf(rows))).toBe('Presentes 1 · Ausentes 1 · Tarde 1 · Excusados 0');
    expect(rowLabel(rows[0]!)).toBe('Ana Gómez: Ausente. Tocar para cambiar');
  });

  it('lines up mine and theirs per player, flagging what differs', () => {
    const theirs = { ...sheet, records: sheet.records.slice(0, 2) };
    const rows = conflictRows(
      [
        { player_id: 1, status: 'present', note: null },
        { player_id: 2, status: 'late', note: 'Bus' },
        { player_id: 3, status: 'absent', note: null },
      ],
      theirs,
      new Map([[3, 'Luis Díaz']]),
    );
    expect(rows.map(({ name, differs }) => [name, differs])).toEqual([
      ['Ana Gómez', true],
      ['Juan Pérez', false],
      ['Luis Díaz', true],
    ]);
    expect(rows[0]!.theirs).toBeNull();
    expect(rows[2]!.theirs).toBeNull();
  });
});
