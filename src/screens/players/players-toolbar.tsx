import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import {
  type PersonStatus,
  personStatusLabels,
  personStatuses,
} from '../../../contract/people.schema';
import {
  type PersonGender,
  personGenderLabels,
  personGenders,
} from '../../../contract/profile.schema';
import { GridSearchField } from '../../components/grid/grid-search-field';

interface ToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  status: PersonStatus | undefined;
  onStatus: (status: PersonStatus | undefined) => void;
  gender: PersonGender | undefined;
  onGender: (gender: PersonGender | undefined) => void;
  birthYear: number | undefined;
  onBirthYear: (year: number | undefined) => void;
}

/** The birth years a club's players may have: this year back 70 years. */
const birthYears = (() => {
  const now = new Date().getFullYear();
  return Array.from({ length: 70 }, (_, index) => now - index);
})();

interface FilterProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}

function Filter({ id, label, value, onChange, children }: FilterProps) {
  return (
    <TextField
      select
      label={label}
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      margin="none"
      sx={{ minWidth: { sm: 170 } }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {children}
    </TextField>
  );
}

/** The grid's filters: a search by name, document or guardian, the status, gender and birth year. */
export function PlayersToolbar(props: ToolbarProps) {
  const { search, onSearch, status, onStatus, gender, onGender, birthYear, onBirthYear } = props;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, mb: 2 }}>
      <GridSearchField
        label="Buscar por nombre, documento o acudiente"
        value={search}
        onChange={onSearch}
      />
      <Filter
        id="players-status-filter"
        label="Estado"
        value={status ?? ''}
        onChange={(value) => onStatus((value || undefined) as PersonStatus | undefined)}
      >
        <MenuItem value="">Todos los estados</MenuItem>
        {personStatuses.map((each) => (
          <MenuItem key={each} value={each}>
            {personStatusLabels[each]}
          </MenuItem>
        ))}
      </Filter>
      <Filter
        id="players-gender-filter"
        label="Género"
        value={gender ?? ''}
        onChange={(value) => onGender((value || undefined) as PersonGender | undefined)}
      >
        <MenuItem value="">Todos los géneros</MenuItem>
        {personGenders.map((each) => (
          <MenuItem key={each} value={each}>
            {personGenderLabels[each]}
          </MenuItem>
        ))}
      </Filter>
      <Filter
        id="players-birth-year-filter"
        label="Año de nacimiento"
        value={birthYear === undefined ? '' : String(birthYear)}
        onChange={(value) => onBirthYear(value ? Number(value) : undefined)}
      >
        <MenuItem value="">Todos los años</MenuItem>
        {birthYears.map((year) => (
          <MenuItem key={year} value={String(year)}>
            {year}
          </MenuItem>
        ))}
      </Filter>
    </Stack>
  );
}
