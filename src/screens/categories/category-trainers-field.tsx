import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { trainersListQuery } from '../../api/trainers.api';

/** The club's trainers a category may get: the first 100 by name (a club has a handful). */
const ALL_TRAINERS = { page: 1, pageSize: 100, sort: 'name' } as const;

interface CategoryTrainersFieldProps<Form extends FieldValues, Output> {
  clubId: number;
  control: Control<Form, unknown, Output>;
  name: Path<Form>;
}

/**
 * 'Entrenadores' of the category dialog: a multi-select of the club's trainers bound to
 * `trainer_ids` (user ids). Shown only to someone who may see the trainers.
 */
export function CategoryTrainersField<Form extends FieldValues, Output>({
  clubId,
  control,
  name,
}: CategoryTrainersFieldProps<Form, Output>) {
  const trainers = useQuery(trainersListQuery(clubId)(ALL_TRAINERS));
  const options = (trainers.data?.data ?? []).map((trainer) => ({
    id: trainer.id,
    label: `${trainer.name} ${trainer.lastname}`,
  }));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = (field.value as number[] | undefined) ?? [];
        return (
          <Autocomplete
            multiple
            id="field-trainer_ids"
            options={options}
            loading={trainers.isPending}
            loadingText="Cargando entrenadores…"
            noOptionsText="El club no tiene entrenadores todavía"
            value={options.filter((option) => chosen.includes(option.id))}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            onChange={(_event, picked) => field.onChange(picked.map((option) => option.id))}
            onBlur={field.onBlur}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Entrenadores"
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'Quienes entrenan esta categoría'}
              />
            )}
          />
        );
      }}
    />
  );
}
