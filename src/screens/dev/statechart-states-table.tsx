import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TextTable } from './statechart-markdown';

/** The generated page's column names, in Spanish. */
const headings: Readonly<Record<string, string>> = {
  State: 'Estado',
  Type: 'Tipo',
  Tags: 'Etiquetas',
  Invokes: 'Invoca',
  'Entry / exit': 'Entrada / salida',
  Description: 'Descripción',
};

export interface StatechartStatesTableProps {
  table: TextTable;
  /** Names the table: 'Estados de auth'. */
  label: string;
  /** The current states as dotted paths: their rows are marked. */
  current: readonly string[];
}

/** The "States" table of the machine's page, the current states' rows selected. */
export function StatechartStatesTable({ table, label, current }: StatechartStatesTableProps) {
  return (
    // Scrolls sideways on a phone: reachable by keyboard, as the diagram.
    <TableContainer
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {table.header.map((heading) => (
              <TableCell key={heading} scope="col">
                {headings[heading] ?? heading}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row) => {
            const isCurrent = current.includes(row[0] ?? '');
            return (
              <TableRow key={row[0]} selected={isCurrent} aria-current={isCurrent || undefined}>
                {row.map((cell, index) => (
                  <TableCell
                    key={index}
                    sx={index === 0 ? { fontFamily: 'monospace', whiteSpace: 'nowrap' } : undefined}
                  >
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
