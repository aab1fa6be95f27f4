import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  type CategoryGender,
  type CategoryStatus,
  categoryGenderLabels,
  categoryGenders,
  categoryStatuses,
} from '../../../contract/categories.schema';
import { categoryStatusLabels } from './categories.columns';
import { GridSearchField } from '../../components/grid/grid-search-field';

interface ToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  gender: CategoryGender | undefined;
  onGender: (gender: CategoryGender | undefined) => void;
  status: CategoryStatus | undefined;
  onStatus: (status: CategoryStatus | undefined) => void;
}

/** The grid's filters: a search by name or sport, the gender and the status. */
export function CategoriesToolbar(props: ToolbarProps) {
  const { search, onSearch, gender, onGender, status, onStatus } = props;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2 }}>
      <GridSearchField label="Buscar por nombre o deporte" value={search} onChange={onSearch} />
      <TextField
        select
        label="Género"
        id="categories-gender-filter"
        value={gender ?? ''}
        onChange={(event) =>
          onGender((event.target.value || undefined) as CategoryGender | undefined)
        }
        margin="none"
        sx={{ minWidth: { sm: 180 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Todos los géneros</MenuItem>
        {categoryGenders.map((each) => (
          <MenuItem key={each} value={each}>
            {categoryGenderLabels[each]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Estado"
        id="categories-status-filter"
        value={status ?? ''}
        onChange={(event) =>
          onStatus((event.target.value || undefined) as CategoryStatus | undefined)
        }
        margin="none"
        sx={{ minWidth: { sm: 180 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Todos los estados</MenuItem>
        {categoryStatuses.map((each) => (
          <MenuItem key={each} value={each}>
            {categoryStatusLabels[each]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
