import type { GridColDef } from '@mui/x-data-grid';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from '../../contract/dates.format';
import { cellText as gridCellText } from '../../src/components/grid/grid-cells';
import { cellText, csvField, csvLine } from '../../server/lib/table-writers';

const BOGOTA = 'America/Bogota';

describe('csvField', () => {
  it("leaves plain text alone and quotes ';', quotes and line breaks", () => {
    expect(csvField('Ana Pérez')).toBe('Ana Pérez');
    expect(csvField('Pérez, Ana')).toBe('Pérez, Ana');
    expect(csvField('Pérez; Ana')).toBe('"Pérez; Ana"');
    expect(csvField('el "10"')).toBe('"el ""10"""');
    expect(csvField('dos\nlíneas')).toBe('"dos\nlíneas"');
  });
});

describe('cellText', () => {
  it('keeps a spreadsheet from running a text as a formula, never a number', () => {
    expect(cellText('=HYPERLINK("x")', 'text', BOGOTA)).toBe('\'=HYPERLINK("x")');
    expect(cellText('+573001234567', 'text', BOGOTA)).toBe("'+573001234567");
    expect(cellText('@sum', 'text', BOGOTA)).toBe("'@sum");
    expect(cellText(-5, 'number', BOGOTA)).toBe('-5');
  });

  it('writes money as whole numbers, days dd/mm/aaaa and instants in the club zone', () => {
    expect(cellText(120000, 'money', BOGOTA)).toBe('120000');
    expect(cellText(0, 'money', BOGOTA)).toBe('0');
    expect(cellText('2026-03-05', 'date', BOGOTA)).toBe('05/03/2026');
    // 02:30 UTC on 1 March is still 28 February in Bogotá (UTC−5).
    expect(cellText('2026-03-01T02:30:00Z', 'datetime', BOGOTA)).toBe('28/02/2026 21:30');
    expect(cellText(new Date('2026-03-01T02:30:00Z'), 'date', BOGOTA)).toBe('28/02/2026');
    expect(cellText('2026-03-01', 'datetime', BOGOTA)).toBe('01/03/2026');
    expect(cellText(null, 'money', BOGOTA)).toBe('');
  });
});

describe('csvLine', () => {
  it("joins a row's cells with ';' and ends it with CRLF", () => {
    const spec = {
      sheet: 'Pagos',
      timeZone: BOGOTA,
      columns: [
        { header: 'Jugador', kind: 'text' },
        { header: 'Valor', kind: 'money' },
        { header: 'Vence', kind: 'date' },
      ],
    } as const;
    expect(csvLine(spec, ['Ríos; Beto', 5000, '2026-11-20'])).toBe(
      '"Ríos; Beto";5000;20/11/2026\r\n',
    );
    expect(csvLine(spec, ['Ana', null, undefined])).toBe('Ana;;\r\n');
  });
});

describe('dates.format', () => {
  it('writes days and instants as Colombia does', () => {
    expect(formatDay('2026-01-09')).toBe('09/01/2026');
    expect(formatDateTime('2026-07-04T23:05:00Z', BOGOTA)).toBe('04/07/2026 18:05');
  });
});

describe("the phone cards' cell text", () => {
  it('is the formatted value the grid shows', () => {
    const column: GridColDef<{ id: number; joined_at: string }> = {
      field: 'joined_at',
      headerName: 'Ingreso',
      valueFormatter: (value: string) => formatDay(value),
    };
    expect(gridCellText(column, { id: 1, joined_at: '2026-03-01' })).toBe('01/03/2026');
  });
});
