import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useEffect, useId, useState, type ReactNode } from 'react';
import { ChartWidthContext, useChartTurn } from './chart-turn';
import type { FigureTableProps } from './figure-table';

/*
 * A dashboard chart in its card: the title, the chart (its module loads lazily, so MUI X
 * Charts stay out of the first load), a caption saying what it counts and the same
 * figures as a real table, shown or behind 'Ver como tabla'. The tables (MUI Table,
 * Collapse) load lazily too, from figure-table.tsx.
 */

const tables = () => import('./figure-table');
const LazyFigureTable = lazy(() => tables().then((module) => ({ default: module.FigureTable })));
const TableCollapse = lazy(() => tables().then((module) => ({ default: module.TableCollapse })));
const tableLoading = <Skeleton variant="rounded" height={120} sx={{ mt: 1 }} />;

/** The figures of a chart or a list as a table with its caption (figure-table.tsx). */
export function FigureTable(props: FigureTableProps) {
  return (
    <Suspense fallback={tableLoading}>
      <LazyFigureTable {...props} />
    </Suspense>
  );
}

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

const chartLoading = <Skeleton variant="rounded" height={200} />;

/** Tells the charts' queue that the chart beside it has drawn (chart-turn.ts). */
function Drawn({ onDrawn }: { onDrawn: () => void }) {
  useEffect(onDrawn, [onDrawn]);
  return null;
}

/** A chart, what it counts, and its table alternative. */
export function ChartFigure({ title, caption, chart, table, tableShown }: ChartFigureProps) {
  // The chart draws in its turn (chart-turn.ts), its code asked for at once.
  const { turn, drawn, box, width } = useChartTurn();
  useEffect(() => void charts().catch(() => {}), []);
  const [open, setOpen] = useState(false);
  // The disclosure's module is asked for on the first 'Ver como tabla', then kept.
  const [opened, setOpened] = useState(false);
  const tableId = useId();
  return (
    <Paper variant="outlined" component="figure" sx={{ p: 2, m: 0, mb: 3, minWidth: 0 }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <div ref={box}>
        <Suspense fallback={chartLoading}>
          {turn ? (
            <ChartWidthContext value={width}>
              {chart}
              <Drawn onDrawn={drawn} />
            </ChartWidthContext>
          ) : (
            chartLoading
          )}
        </Suspense>
      </div>
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
            onClick={() => {
              setOpened(true);
              setOpen((was) => !was);
            }}
          >
            {open ? 'Ocultar tabla' : 'Ver como tabla'}
          </Button>
          {opened && (
            <Suspense fallback={open ? tableLoading : null}>
              <TableCollapse in={open} id={tableId}>
                {table}
              </TableCollapse>
            </Suspense>
          )}
        </>
      )}
    </Paper>
  );
}
