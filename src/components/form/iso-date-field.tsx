import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { DATE_FORMAT } from '../../theme/date-pickers';

interface IsoDateFieldProps<T extends FieldValues, Output> {
  control: Control<T, unknown, Output>;
  name: Path<T>;
  label: string;
  required?: boolean;
  /** The latest day that may be picked ('YYYY-MM-DD'), e.g. today for a payment date. */
  maxDate?: string;
}

/**
 * A date picker (DD/MM/AAAA) of a react-hook-form field whose value is the ISO date the
 * contract reads ('YYYY-MM-DD', '' while empty). Needs a DatePickersProvider above it.
 */
export function IsoDateField<T extends FieldValues, Output = T>({
  control,
  name,
  label,
  required,
  maxDate,
}: IsoDateFieldProps<T, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DatePicker
          label={label}
          format={DATE_FORMAT}
          value={field.value ? dayjs(field.value as string) : null}
          onChange={(value) => field.onChange(value?.isValid() ? value.format('YYYY-MM-DD') : '')}
          inputRef={field.ref}
          {...(maxDate ? { maxDate: dayjs(maxDate) } : {})}
          slotProps={{
            textField: {
              id: `field-${name}`,
              required,
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
