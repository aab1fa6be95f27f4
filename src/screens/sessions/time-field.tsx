import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { dayjs } from '../../theme/dayjs';

interface TimeFieldProps<T extends FieldValues, Output> {
  control: Control<T, unknown, Output>;
  name: Path<T>;
  label: string;
}

/**
 * A time picker of a react-hook-form field whose value is a wall-clock time 'HH:mm' ('' while
 * empty). Needs a DatePickersProvider above it.
 */
export function TimeField<T extends FieldValues, Output = T>({
  control,
  name,
  label,
}: TimeFieldProps<T, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TimePicker
          label={label}
          ampm={false}
          value={field.value ? dayjs(`2000-01-01T${field.value as string}`) : null}
          onChange={(value) => field.onChange(value?.isValid() ? value.format('HH:mm') : '')}
          inputRef={field.ref}
          slotProps={{
            textField: {
              id: `field-${name}`,
              required: true,
              fullWidth: true,
              margin: 'normal',
              onBlur: field.onBlur,
              error: Boolean(fieldState.error),
              helperText: fieldState.error?.message,
            },
          }}
        />
      )}
    />
  );
}
