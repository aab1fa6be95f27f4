import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { ServerDataGrid } from '../../components/grid/server-data-grid';
import type { GridCardSpec } from '../../components/grid/server-grid-cards';
import type { ServerGrid } from '../../components/grid/use-server-grid';
import { GridSearchField } from '../../components/grid/grid-search-field';

interface SystemGridTabProps<Row extends GridValidRowModel> {
  grid: ServerGrid<Row>;
  /** The quick search's label: what it looks through. */
  searchLabel: string;
  /** The filters beside the search. */
  filters: ReactNode;
  columns: GridColDef<Row>[];
  card: GridCardSpec;
  ariaLabel: string;
  emptyText: string;
  /** The list's API path, for 'Exportar'. */
  exportPath: string;
  /** The dialogs of the rows' actions. */
  children?: ReactNode;
}

/** A tab of 'Administración del Sistema': the search and filters over a server grid. */
export function SystemGridTab<Row extends GridValidRowModel>({
  grid,
  searchLabel,
  filters,
  children,
  ...gridProps
}: SystemGridTabProps<Row>) {
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2 }}>
        <GridSearchField
          label={searchLabel}
          value={grid.searchText}
          onChange={grid.setSearchText}
        />
        {filters}
      </Stack>
      <ServerDataGrid grid={grid} {...gridProps} />
      {children}
    </>
  );
}

interface FilterSelectProps<Value extends string> {
  label: string;
  /** The chosen value; '' is none. */
  value: Value | '';
  onChange: (value: Value | '') => void;
  /** The option that filters nothing ('Todos los estados'). */
  allLabel: string;
  options: readonly Value[];
  labels: Record<Value, string>;
  minWidth: number;
}

/** One of a tab's filters: a select whose first option filters nothing. */
export function FilterSelect<Value extends string>(props: FilterSelectProps<Value>) {
  const { options, labels } = props;
  return (
    <TextField
      select
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as Value | '')}
      margin="none"
      sx={{ minWidth: { sm: props.minWidth } }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{props.allLabel}</MenuItem>
      {options.map((each) => (
        <MenuItem key={each} value={each}>
          {labels[each]}
        </MenuItem>
      ))}
    </TextField>
  );
}
