import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { communicationClubsQuery } from '../../api/communications.api';
import { useDebounced } from '../../components/person/use-document-answer';
import type { ClubChoice } from './communication-values';

/** How long the picker waits after the last key before asking the server. */
export const CLUB_SEARCH_DEBOUNCE_MS = 300;

interface ClubPickerProps {
  /** Kept by reference while unchanged: a new array would reset what the person typed. */
  value: ClubChoice[];
  onChange: (clubs: ClubChoice[]) => void;
}

/**
 * The "Clubes elegidos" audience: searches the platform's clubs on the server as the
 * person types (one small page of `GET /api/admin/clubs`, never every club) and keeps the
 * chosen ones as chips, whatever the current search shows.
 */
export function ClubPicker({ value, onChange }: ClubPickerProps) {
  const [input, setInput] = useState('');
  const asked = useDebounced(input.trim(), CLUB_SEARCH_DEBOUNCE_MS);
  const found = useQuery(communicationClubsQuery(asked));
  // The options shown belong to an earlier search until the debounce and the answer catch up.
  const searching = found.isFetching || asked !== input.trim();

  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      // The server filtered already; the browser filters nothing more.
      filterOptions={(options) => options}
      options={found.data ?? []}
      value={value}
      inputValue={input}
      onInputChange={(_event, typed) => setInput(typed)}
      onChange={(_event, chosen) => onChange(chosen.map(({ id, name }) => ({ id, name })))}
      getOptionLabel={(club) => club.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={searching}
      loadingText="Buscando clubes…"
      noOptionsText={found.isError ? 'No se pudieron cargar los clubes' : 'Sin resultados'}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Clubes"
          placeholder="Buscar club"
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {searching ? (
                    <CircularProgress color="inherit" size={18} aria-label="Buscando clubes" />
                  ) : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
