import type { GridColDef } from '@mui/x-data-grid';
import { describe, expect, it } from 'vitest';
import { csvField, rowsToCsv } from '../../src/components/grid/grid-csv';

interface Member {
  id: number;
  name: string;
  lastname: string;
  joined_at: string;
  note: string;
}

const columns: GridColDef<Member>[] = [
  {
    field: 'fullName',
    headerName: 'Nombre',
    valueGetter: (_value, row) => `${row.name} ${row.lastname}`,
  },
  {
    field: 'joined_at',
    headerName: 'Ingreso',
    valueFormatter: (value: string) => value.split('-').reverse().join('/'),
  },
  { field: 'note', headerName: 'Nota' },
  { field: 'secret', headerName: 'Interno', disableExport: true },
  { field: 'menu', headerName: 'Acciones', type: 'actions', getActions: () => [] },
];

describe('csvField', () => {
  it('leaves plain text alone and quotes commas, quotes and line breaks', () => {
    expect(csvField('Ana Pérez')).toBe('Ana Pérez');
    expect(csvField('Pérez, Ana')).toBe('"Pérez, Ana"');
    expect(csvField('el "10"')).toBe('"el ""10"""');
    expect(csvField('dos\nlíneas')).toBe('"dos\nlíneas"');
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+573001234567')).toBe("'+573001234567");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@sum')).toBe("'@sum");
  });
});

describe('rowsToCsv', () => {
  it('writes the header and each row as the grid shows it, without actions or unexported columns', () => {
    const rows: Member[] = [
      { id: 1, name: 'Ana', lastname: 'Pérez', joined_at: '2026-03-01', note: 'Capitana, sub-12' },
      { id: 2, name: 'Beto', lastname: 'Ríos', joined_at: '2026-11-20', note: '' },
    ];
    expect(rowsToCsv(columns, rows).split('\r\n')).toEqual([
      'Nombre,Ingreso,Nota',
      'Ana Pérez,01/03/2026,"Capitana, sub-12"',
      'Beto Ríos,20/11/2026,',
    ]);
  });

  it('writes only the header for no rows', () => {
    expect(rowsToCsv(columns, [])).toBe('Nombre,Ingreso,Nota');
  });
});
