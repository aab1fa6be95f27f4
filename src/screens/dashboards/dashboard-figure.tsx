import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useId, useState, type ReactNode } from 'react';

/*
 * A dashboard chart in its card: the title, the chart (its module loads lazily, so MUI X
 * Charts stay out of the first load), a caption saying what it counts and the same
 * figures as a real table, shown or behind 'Ver como tabla'.
 */

const charts = () => import('./dashboard-charts');
export const MoneyMonthsChart = lazy(() =>
  charts().then((module) => ({ default: module.MoneyMonthsChart })),
);
export const AttendanceChart = lazy(() =>
  charts().then((module) => ({ default: module.AttendanceChart })),
);
export const MethodsChart = lazy(() =>
  charts().then((module) => ({ default: module.MethodsChart })),
);

interface ChartFigureProps {
  title: string;
  caption: string;
  chart: ReactNode;
  table: ReactNode;
  /** The table always shown (true) or behind 'Ver como tabla'. */
  tableShown?: boolean;
}

/** A chart, what it counts, and its table alternative. */
export function ChartFigure({ title, caption, chart, table, tableShown }: ChartFigureProps) {
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <Paper variant="outlined" component="figure" sx={{ p: 2, m: 0, mb: 3, minWidth: 0 }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Suspense fallback={<Skeleton variant="rounded" height={200} />}>{chart}</Suspense>
      <Typography component="figcaption" variant="body2" sx={{ mt: 1 }}>
        {caption}
      </Typography>
      {tableShown ? (
        <div>{table}</div>
      ) : (
        <>
          <Button
            size="small"
            sx={{ mt: 1 }}
            aria-expanded={open}
            aria-controls={open ? tableId : undefined}
            onClick={() => setOpen((was) => !was)}
          >
            {open ? 'Ocultar tabla' : 'Ver como tabla'}
          </Button>
          <Collapse in={open} id={tableId} unmountOnExit>
            {table}
          </Collapse>
        </>
      )}
    </Paper>
  );
}

interface FigureTableProps {
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
    <TableContainer sx={{ mt: 1 }}>
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
