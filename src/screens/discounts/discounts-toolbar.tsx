import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  type DiscountKind,
  type DiscountStatus,
  discountKindLabels,
  discountKinds,
  discountStatuses,
} from '../../../contract/discounts.schema';
import { discountStatusLabels } from './discounts.columns';
import { GridSearchField } from '../../components/grid/grid-search-field';

interface ToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  kind: DiscountKind | undefined;
  onKind: (kind: DiscountKind | undefined) => void;
  status: DiscountStatus | undefined;
  onStatus: (status: DiscountStatus | undefined) => void;
}

/** The grid's filters: a search by name or description, the kind and the status. */
export function DiscountsToolbar(props: ToolbarProps) {
  const { search, onSearch, kind, onKind, status, onStatus } = props;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2 }}>
      <GridSearchField label="Buscar por nombre o descripción" value={search} onChange={onSearch} />
      <TextField
        select
        label="Tipo"
        id="discounts-kind-filter"
        value={kind ?? ''}
        onChange={(event) => onKind((event.target.value || undefined) as DiscountKind | undefined)}
        margin="none"
        sx={{ minWidth: { sm: 180 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Todos los tipos</MenuItem>
        {discountKinds.map((each) => (
          <MenuItem key={each} value={each}>
            {discountKindLabels[each]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Estado"
        id="discounts-status-filter"
        value={status ?? ''}
        onChange={(event) =>
          onStatus((event.target.value || undefined) as DiscountStatus | undefined)
        }
        margin="none"
        sx={{ minWidth: { sm: 180 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Todos los estados</MenuItem>
        {discountStatuses.map((each) => (
          <MenuItem key={each} value={each}>
            {discountStatusLabels[each]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
