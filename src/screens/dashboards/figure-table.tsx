import Collapse from '@mui/material/Collapse';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/*
 * The dashboards' table alternatives (MUI Table and Collapse), loaded lazily by
 * dashboard-figure.tsx: a table shown at once loads this module after the page draws,
 * one behind 'Ver como tabla' when the person opens it (issue #16, the first load).
 */

/** The disclosure of a table behind 'Ver como tabla' (its button stays in the card). */
export function TableCollapse(props: { in: boolean; id: string; children: ReactNode }) {
  return (
    <Collapse in={props.in} id={props.id} unmountOnExit>
      {props.children}
    </Collapse>
  );
}

export interface FigureTableProps {
  caption: string;
  /** The column names; every column after the first is a figure (right-aligned). */
  head: string[];
  rows: { key: string | number; cells: ReactNode[] }[];
  /** The total row, when the figures add up. */
  total?: ReactNode[];
}

/** The figures of a chart or a list as a table with its caption. */
export function FigureTable({ caption, head, rows, total }: FigureTableProps) {
  const align = (index: number) => (index === 0 ? 'left' : 'right');
  return (
    <TableContainer sx={{ mt: 1 }} tabIndex={0} role="region" aria-label={`Tabla: ${caption}`}>
      <Table size="small">
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            {head.map((name, index) => (
              <TableCell key={name} align={align(index)}>
                {name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, index) => (
                <TableCell
                  key={index}
                  align={align(index)}
                  component={index === 0 ? 'th' : 'td'}
                  scope={index === 0 ? 'row' : undefined}
                >
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {total && (
          <TableFooter>
            <TableRow>
              {total.map((cell, index) => (
                <TableCell
                  key={index}
                  align={align(index)}
                  component={index === 0 ? 'th' : 'td'}
                  scope={index === 0 ? 'row' : undefined}
                  sx={{ fontWeight: 'bold' }}
                >
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </TableContainer>
  );
}
