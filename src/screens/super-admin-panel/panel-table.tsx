import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/**
 * One of the panel's small tables (a handful of rows: no data grid), named by its heading
 * (`labelledBy`). It scrolls sideways on a phone: a named region the keyboard can reach
 * and scroll.
 */
export function PanelTable({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      sx={{ overflowX: 'auto' }}
    >
      <Table size="small" aria-labelledby={labelledBy}>
        {children}
      </Table>
    </TableContainer>
  );
}
