import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type {
  GridColDef,
  GridRenderCellParams,
  GridTreeNodeWithRender,
  GridValidRowModel,
} from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { cellText, cellValue } from './grid-cells';
import { GridExportButton } from './grid-export-button';
import type { ServerGrid } from './use-server-grid';

/*
 * The phone layout of a server grid: at 390 px a table scrolls sideways and hides most of
 * a row, so each row becomes a compact card of the columns marked for it, with the same
 * paging as the table.
 */

/**
 * What a column shows outside the DataGrid: its `renderCell` (given the row, the value and
 * the formatted value, no grid api), else its formatted value.
 */
function cellContent<Row extends GridValidRowModel>(column: GridColDef<Row>, row: Row): ReactNode {
  if (!column.renderCell) return cellText(column, row);
  const value = cellValue(column, row);
  const formattedValue = column.valueFormatter ? cellText(column, row) : value;
  const params = { row, value, formattedValue, field: column.field, colDef: column };
  return column.renderCell(
    params as unknown as GridRenderCellParams<Row, unknown, unknown, GridTreeNodeWithRender>,
  );
}

/** Which columns a row's card shows, by field: its title, labelled fields and actions. */
export interface GridCardSpec {
  title: string;
  fields: string[];
  /** A column whose cell (buttons) goes at the foot of the card, without a label. */
  actions?: string;
}

interface CardsProps<Row extends GridValidRowModel> {
  grid: ServerGrid<Row>;
  columns: GridColDef<Row>[];
  card: GridCardSpec;
  ariaLabel: string;
  emptyText: string;
  /** The list's API path, for 'Exportar' (see ServerDataGrid). */
  exportPath: string;
}

/** The rows of the page as cards, 'Exportar' (the whole list) above, the page controls under them. */
export function ServerGridCards<Row extends GridValidRowModel>({
  grid,
  columns,
  card,
  ariaLabel,
  emptyText,
  exportPath,
}: CardsProps<Row>) {
  const column = (field: string | undefined) => columns.find((each) => each.field === field);
  const title = column(card.title);
  const actions = column(card.actions);
  const fields = card.fields.flatMap((field) => column(field) ?? []);
  return (
    <Box>
      <Box sx={{ mb: 1 }}>
        <GridExportButton path={exportPath} params={() => grid.params} />
      </Box>
      {grid.query.isFetching && <LinearProgress aria-label="Cargando" sx={{ mb: 1 }} />}
      {grid.rows.length === 0 && !grid.query.isFetching ? (
        <Typography sx={{ py: 4, textAlign: 'center' }}>{emptyText}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={ariaLabel}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {grid.rows.map((row) => (
            <Card component="li" key={grid.getRowId(row)} variant="outlined">
              <CardContent sx={{ display: 'grid', gap: 0.5, '&:last-child': { pb: 2 } }}>
                {title && (
                  <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                    {cellContent(title, row)}
                  </Typography>
                )}
                {fields.map((field) => (
                  <Box key={field.field} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                    <Typography variant="body2" color="text.secondary" sx={{ minWidth: 96 }}>
                      {field.headerName ?? field.field}
                    </Typography>
                    <Box sx={{ minWidth: 0, overflowWrap: 'anywhere', typography: 'body2' }}>
                      {cellContent(field, row)}
                    </Box>
                  </Box>
                ))}
                {actions && <Box sx={{ mt: 0.5 }}>{cellContent(actions, row)}</Box>}
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
      <TablePagination
        component="div"
        count={grid.total}
        page={grid.paginationModel.page}
        rowsPerPage={grid.paginationModel.pageSize}
        rowsPerPageOptions={[...grid.pageSizes]}
        onPageChange={(_event, page) =>
          grid.onPaginationModelChange({ ...grid.paginationModel, page })
        }
        onRowsPerPageChange={(event) =>
          grid.onPaginationModelChange({ page: 0, pageSize: Number(event.target.value) })
        }
        labelRowsPerPage="Filas"
        // The default toolbar's gutters push the next-page arrow out of a 390 px screen.
        sx={{
          '& .MuiTablePagination-toolbar': { px: 0 },
          '& .MuiTablePagination-actions': { ml: 1 },
          '& .MuiTablePagination-input': { mr: 1 },
        }}
      />
    </Box>
  );
}
