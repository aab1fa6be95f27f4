import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { UseQueryResult } from '@tanstack/react-query';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { City } from '../../api/reference.api';
import type { ClubStepFields } from './onboarding-club-step';

/** A reference list that could not be read: say so, and offer to ask again. */
export function ReferenceFailure({ queries }: { queries: ReadonlyArray<UseQueryResult<unknown>> }) {
  const failed = queries.filter((query) => query.isError);
  if (failed.length === 0) return null;
  return (
    <Alert
      severity="error"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => failed.forEach((query) => void query.refetch())}
        >
          Reintentar
        </Button>
      }
    >
      {failed[0]!.error?.message ?? 'No pudimos cargar las listas'}
    </Alert>
  );
}

interface CityFieldProps {
  form: UseFormReturn<ClubStepFields>;
  cities: readonly City[];
  disabled: boolean;
}

/** 'Ciudad': a searchable list (a department may have more than a hundred towns). */
export function CityField({ form, cities, disabled }: CityFieldProps) {
  const names = cities.map(({ name }) => name);
  return (
    <Controller
      control={form.control}
      name="city"
      render={({ field, fieldState }) => (
        <Autocomplete
          id="field-city"
          options={names}
          value={field.value || null}
          disabled={disabled}
          onChange={(_, value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          noOptionsText="Sin resultados"
          openText="Abrir"
          closeText="Cerrar"
          clearText="Borrar"
          renderInput={(params) => (
            <TextField
              {...params}
              label="Ciudad"
              required
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
      )}
    />
  );
}
