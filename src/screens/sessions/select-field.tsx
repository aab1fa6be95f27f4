import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Path, type UseFormReturn } from 'react-hook-form';
import type { SessionFormValues } from '../../machines/sessions.actors';
import type { SessionFormInput } from './session-form.values';

type Form = UseFormReturn<SessionFormInput, unknown, SessionFormValues>;

/** A select of the session form (type, category, trainer, home or away). */
export function SelectField({
  form,
  name,
  label,
  options,
  required,
}: {
  form: Form;
  name: Path<SessionFormInput>;
  label: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          id={`field-${name}`}
          required={required}
          fullWidth
          margin="normal"
          name={field.name}
          value={field.value as string}
          onChange={field.onChange}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
