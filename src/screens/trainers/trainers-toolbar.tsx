import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  type CategoryRef,
  type PersonStatus,
  personStatuses,
  personStatusLabels,
} from '../../../contract/people.schema';
import { GridSearchField } from '../../components/grid/grid-search-field';

interface ToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  status: PersonStatus | undefined;
  onStatus: (status: PersonStatus | undefined) => void;
  categoryId: number | undefined;
  onCategory: (categoryId: number | undefined) => void;
  /** The club's categories to filter by. */
  categories: CategoryRef[];
}

const selectSlots = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** The grid's filters: a search by name, e-mail or document, the status and a category. */
export function TrainersToolbar(props: ToolbarProps) {
  const { search, onSearch, status, onStatus, categoryId, onCategory, categories } = props;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2 }}>
      <GridSearchField
        label="Buscar por nombre, correo o documento"
        value={search}
        onChange={onSearch}
      />
      <TextField
        select
        label="Estado"
        id="trainers-status-filter"
        value={status ?? ''}
        onChange={(event) =>
          onStatus((event.target.value || undefined) as PersonStatus | undefined)
        }
        margin="none"
        sx={{ minWidth: { sm: 160 } }}
        slotProps={selectSlots}
      >
        <MenuItem value="">Todos los estados</MenuItem>
        {personStatuses.map((each) => (
          <MenuItem key={each} value={each}>
            {personStatusLabels[each]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Categoría"
        id="trainers-category-filter"
        value={categoryId ?? ''}
        onChange={(event) => {
          const value = Number(event.target.value);
          onCategory(value > 0 ? value : undefined);
        }}
        margin="none"
        sx={{ minWidth: { sm: 200 } }}
        slotProps={selectSlots}
      >
        <MenuItem value="">Todas las categorías</MenuItem>
        {categories.map((category) => (
          <MenuItem key={category.id} value={category.id}>
            {category.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
