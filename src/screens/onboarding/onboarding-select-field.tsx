import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface SelectOption {
  value: string | number;
  label: string;
}

interface SelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly SelectOption[];
  required?: boolean;
  disabled?: boolean;
  /** Called after the value changes (a country clears its state, …). */
  onChanged?: () => void;
}

/** A select bound to a react-hook-form field, its message (client or server) below it. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required,
  disabled,
  onChanged,
}: SelectFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          id={`field-${name}`}
          label={label}
          required={required}
          disabled={disabled}
          {...field}
          // Until its options arrive (countries, states…) a stored value has nothing to match.
          value={options.some((option) => option.value === field.value) ? field.value : ''}
          onChange={(event) => {
            field.onChange(event);
            onChanged?.();
          }}
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
