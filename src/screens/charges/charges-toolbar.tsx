import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  type ChargeConcept,
  type ChargeStatus,
  chargeConceptLabels,
  chargeConcepts,
} from '../../../contract/charges.schema';
import { GridSearchField } from '../../components/grid/grid-search-field';

interface ToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  concept: ChargeConcept | undefined;
  onConcept: (concept: ChargeConcept | undefined) => void;
  status: ChargeStatus | undefined;
  onStatus: (status: ChargeStatus | undefined) => void;
}

const statusLabels: Record<ChargeStatus, string> = { active: 'Activos', inactive: 'Inactivos' };

/** The grid's filters: a search by name, the concept and the status. */
export function ChargesToolbar(props: ToolbarProps) {
  const { search, onSearch, concept, onConcept, status, onStatus } = props;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2 }}>
      <GridSearchField label="Buscar por nombre" value={search} onChange={onSearch} />
      <TextField
        select
        label="Concepto"
        id="charges-concept-filter"
        value={concept ?? ''}
        onChange={(event) =>
          onConcept((event.target.value || undefined) as ChargeConcept | undefined)
        }
        margin="none"
        sx={{ minWidth: { sm: 180 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Todos los conceptos</MenuItem>
        {chargeConcepts.map((each) => (
          <MenuItem key={each} value={each}>
            {chargeConceptLabels[each]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Estado"
        id="charges-status-filter"
        value={status ?? ''}
        onChange={(event) =>
          onStatus((event.target.value || undefined) as ChargeStatus | undefined)
        }
        margin="none"
        sx={{ minWidth: { sm: 180 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Todos los estados</MenuItem>
        {(['active', 'inactive'] as const).map((each) => (
          <MenuItem key={each} value={each}>
            {statusLabels[each]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
