import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ServerDataGrid } from '../grid/server-data-grid';
import type { GridCardSpec } from '../grid/server-grid-cards';
import type { ServerGrid } from '../grid/use-server-grid';
import { type ListFilter, ListFilters } from './list-filters';

/** The page's create button: its words, its icon and what it does (or where it leads). */
export interface ListCreate {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  /** A route to go to instead of `onClick`. */
  to?: string;
}

/** The create button in the page's head (contained) or in the first-run panel (outlined). */
function CreateButton({
  create,
  label,
  variant,
}: {
  create: ListCreate;
  label: string;
  variant: 'contained' | 'outlined';
}) {
  return create.to ? (
    <Button variant={variant} startIcon={create.icon} component={RouterLink} to={create.to}>
      {label}
    </Button>
  ) : (
    <Button variant={variant} startIcon={create.icon} onClick={create.onClick}>
      {label}
    </Button>
  );
}

/** What the page says while the club has no row at all (not a filter that hides them). */
export interface ListFirstRun {
  title: string;
  text: ReactNode;
  /** The create button's words in this panel ('Crear categoría'). */
  createLabel?: string;
  /** Another button instead of the create button ('Generar cobros del periodo'). */
  action?: ReactNode;
}

interface ListPageProps<Row extends GridValidRowModel> {
  title: string;
  /** The state and query of `useServerGrid`. */
  grid: ServerGrid<Row>;
  /** 'Nueva categoría'; omitted when the person may not create. */
  create?: ListCreate;
  /** More of the head: buttons before the create button, or a period to pick. */
  actions?: ReactNode;
  /** Between the head and the list (the month's figures). */
  summary?: ReactNode;
  /** Shown instead of the list when given (a list that could not be loaded at all). */
  failure?: ReactNode;
  searchLabel: string;
  filters: readonly ListFilter[];
  /** From which breakpoint the search and filters stand in one row ('sm' unless given). */
  filtersRowFrom?: 'sm' | 'md';
  /**
   * Whether something else than the search and `filters` narrows the list (a section), so
   * an empty list is not the club having none.
   */
  narrowed?: boolean;
  /** Omitted: an empty club shows the empty grid. */
  firstRun?: ListFirstRun;
  /** Above the filters (section tabs). */
  header?: ReactNode;
  /** Between the filters and the grid (what to do with the selected rows). */
  bulkActions?: ReactNode;
  columns: GridColDef<Row>[];
  /** The columns a row's card shows on a phone. */
  card: GridCardSpec;
  /** The grid's (or the cards list's) accessible name. */
  ariaLabel: string;
  /** Said when the search or the filters find no row. */
  emptyText: string;
  /** The list's API path; 'Exportar' downloads `<path>/export`. */
  exportPath: string;
  checkboxSelection?: boolean;
  /** The dialogs the rows and buttons open. */
  children?: ReactNode;
}

/**
 * A resource's list page, declared rather than drawn (react-admin's `<List>`): the title
 * with the create button, the quick search and filters, the bulk actions, the server grid
 * (export, phone cards) and, while the club has none yet, a panel that invites to create
 * the first one. The grid's state comes from `useServerGrid`.
 */
export function ListPage<Row extends GridValidRowModel>(props: ListPageProps<Row>) {
  const { grid, create, firstRun, filters } = props;
  const params = grid.params as Record<string, unknown>;
  // The club has none at all: not a search or a filter that hides them.
  const noneYet =
    firstRun !== undefined &&
    grid.query.isSuccess &&
    !grid.query.isPlaceholderData &&
    grid.total === 0 &&
    !params.q &&
    !props.narrowed &&
    filters.every((filter) => !params[filter.name]);
  const createButton = create && (
    <CreateButton create={create} label={create.label} variant="contained" />
  );
  const firstRunButton =
    firstRun?.action ??
    (create && firstRun?.createLabel && (
      <CreateButton create={create} label={firstRun.createLabel} variant="outlined" />
    ));

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1">{props.title}</Typography>
        {createButton && props.actions ? (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {props.actions}
            {createButton}
          </Stack>
        ) : (
          (createButton ?? props.actions)
        )}
      </Stack>
      {props.summary}
      {props.failure ? (
        props.failure
      ) : noneYet ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            {firstRun.title}
          </Typography>
          <Typography sx={{ mb: firstRunButton ? 2 : 0 }}>{firstRun.text}</Typography>
          {firstRunButton}
        </Paper>
      ) : (
        <>
          {props.header}
          <ListFilters
            searchLabel={props.searchLabel}
            search={grid.searchText}
            onSearch={grid.setSearchText}
            filters={filters}
            values={grid.filters as Record<string, unknown>}
            onFilter={(name, value) =>
              (grid.setFilter as (name: string, value: unknown) => void)(name, value)
            }
            rowFrom={props.filtersRowFrom}
          />
          {props.bulkActions}
          <ServerDataGrid
            grid={grid}
            checkboxSelection={props.checkboxSelection}
            columns={props.columns}
            card={props.card}
            ariaLabel={props.ariaLabel}
            emptyText={props.emptyText}
            exportPath={props.exportPath}
          />
        </>
      )}
      {props.children}
    </>
  );
}
