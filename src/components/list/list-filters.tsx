import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { GridSearchField } from '../grid/grid-search-field';

/** One choice of a filter: the value sent to the list and its words. */
export interface ListFilterOption {
  value: string | number | boolean;
  label: string;
}

/** A filter above a grid, declared as data: one of a list of values, or all of them. */
export interface ListFilter {
  /** The list's query parameter ('gender', 'category_id'). */
  name: string;
  label: string;
  /** The field's id (browser tests find it by it). */
  id: string;
  /** The choice of no filter: 'Todos los géneros'. */
  all: string;
  options: readonly ListFilterOption[];
  /** The field's least width from `sm` up (px); 180 unless given. */
  minWidth?: number;
}

interface ListFiltersProps {
  /** What the quick search looks in: 'Buscar por nombre o deporte'. */
  searchLabel: string;
  search: string;
  onSearch: (text: string) => void;
  filters: readonly ListFilter[];
  /** The filters' values by name (undefined: all). */
  values: Readonly<Record<string, unknown>>;
  onFilter: (name: string, value: ListFilterOption['value'] | undefined) => void;
  /** From which breakpoint the search and filters stand in one row. */
  rowFrom?: 'sm' | 'md';
}

const selectSlots = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** The quick search and the select filters above a list's grid. */
export function ListFilters({
  searchLabel,
  search,
  onSearch,
  filters,
  values,
  onFilter,
  rowFrom = 'sm',
}: ListFiltersProps) {
  return (
    <Stack direction={{ xs: 'column', [rowFrom]: 'row' }} sx={{ gap: 2, mb: 2 }}>
      <GridSearchField label={searchLabel} value={search} onChange={onSearch} />
      {filters.map((filter) => (
        <TextField
          key={filter.name}
          select
          label={filter.label}
          id={filter.id}
          // The choices are told apart by their text: a number or a yes/no comes back as it went.
          value={values[filter.name] === undefined ? '' : String(values[filter.name])}
          onChange={(event) =>
            onFilter(
              filter.name,
              filter.options.find((option) => String(option.value) === event.target.value)?.value,
            )
          }
          margin="none"
          sx={{ minWidth: { sm: filter.minWidth ?? 180 } }}
          slotProps={selectSlots}
        >
          <MenuItem value="">{filter.all}</MenuItem>
          {filter.options.map((option) => (
            <MenuItem key={String(option.value)} value={String(option.value)}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Stack>
  );
}

/** The options of a fixed list of values with their labels ('active' → 'Activa'). */
export const optionsOf = <V extends string>(
  values: readonly V[],
  labels: Readonly<Record<V, string>>,
): ListFilterOption[] => values.map((value) => ({ value, label: labels[value] }));
