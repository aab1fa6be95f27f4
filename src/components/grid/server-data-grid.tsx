import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type GridColDef, type GridValidRowModel, Toolbar } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useEffect, useMemo, useRef } from 'react';
import { GridExportButton } from './grid-export-button';
import { type GridCardSpec, ServerGridCards } from './server-grid-cards';
import type { ServerGrid } from './use-server-grid';

const gridLocale = esES.components.MuiDataGrid.defaultProps.localeText;

interface ServerDataGridProps<Row extends GridValidRowModel> {
  /** The state and query of `useServerGrid`. */
  grid: ServerGrid<Row>;
  columns: GridColDef<Row>[];
  /** The columns a row's card shows on a phone. */
  card: GridCardSpec;
  /** The grid's (or the cards list's) accessible name. */
  ariaLabel: string;
  /** Said when the server finds no row. */
  emptyText?: string;
  /**
   * The list's API path (`/pla_club_teams/3/players`): 'Exportar' downloads
   * `<path>/export`, every row of the list with the grid's filters, search and sort.
   */
  exportPath: string;
  /** Checkboxes to select rows (by id; cleared when the data changes). */
  checkboxSelection?: boolean;
}

/**
 * A DataGrid bound to the list contract through `useServerGrid` (STYLE.md §10): Spanish
 * texts, a loading bar, `emptyText` when nothing matches, the server's message with
 * 'Reintentar' when the page cannot be loaded, 'Exportar' (CSV or .xlsx of the whole list,
 * written by the server), and below the theme's `sm`
 * breakpoint one card per row instead of a table.
 */
export function ServerDataGrid<Row extends GridValidRowModel>({
  grid,
  columns,
  card,
  ariaLabel,
  emptyText = 'No hay resultados',
  exportPath,
  checkboxSelection = false,
}: ServerDataGridProps<Row>) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const { query } = grid;
  // The params of the moment, read on click: the toolbar is not remade for every page.
  const params = useRef(grid.params);
  useEffect(() => {
    params.current = grid.params;
  }, [grid.params]);
  const GridToolbar = useMemo(
    () =>
      function ExportToolbar() {
        return (
          <Toolbar>
            <GridExportButton path={exportPath} params={() => params.current} />
          </Toolbar>
        );
      },
    [exportPath],
  );
  // One component per text: a new one on every render would remount the overlay.
  const NoRows = useMemo(
    () =>
      function NoRows() {
        return (
          <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center' }}>
            {emptyText}
          </Stack>
        );
      },
    [emptyText],
  );

  return (
    <>
      {query.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Reintentar
            </Button>
          }
        >
          {query.error.message}
        </Alert>
      )}
      {phone ? (
        <ServerGridCards
          grid={grid}
          columns={columns}
          card={card}
          ariaLabel={ariaLabel}
          emptyText={emptyText}
          exportPath={exportPath}
        />
      ) : (
        <DataGrid
          aria-label={ariaLabel}
          autoHeight
          rows={grid.rows}
          getRowId={grid.getRowId}
          columns={columns}
          rowCount={grid.total}
          loading={query.isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={grid.paginationModel}
          onPaginationModelChange={grid.onPaginationModelChange}
          pageSizeOptions={[...grid.pageSizes]}
          sortModel={grid.sortModel}
          onSortModelChange={grid.onSortModelChange}
          checkboxSelection={checkboxSelection}
          keepNonExistentRowsSelected={false}
          rowSelectionModel={grid.rowSelectionModel}
          onRowSelectionModelChange={grid.onRowSelectionModelChange}
          disableColumnFilter
          // A page holds at most 100 rows of a dozen columns, all shown (autoHeight): every
          // cell is drawn, so a row's buttons past the right edge are in the page for Tab,
          // screen readers and the browser's find.
          disableVirtualization
          disableRowSelectionOnClick
          localeText={gridLocale}
          showToolbar
          slots={{ toolbar: GridToolbar, noRowsOverlay: NoRows, noResultsOverlay: NoRows }}
          slotProps={{
            loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' },
          }}
          sx={{ bgcolor: 'background.paper' }}
        />
      )}
    </>
  );
}
