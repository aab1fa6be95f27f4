import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { type ReactNode, useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { textFieldProps } from '../../components/form/form-helpers';
import { DATE_FORMAT } from '../../theme/date-pickers';
import type { PlayerFormValues } from '../../machines/players.actors';
import type { PlayerFormFields } from './player-form.values';

/** The form every section edits. */
export type PlayerForm = UseFormReturn<PlayerFormFields, unknown, PlayerFormValues>;
type Name = keyof PlayerFormFields;
type TextName = Exclude<Name, 'link_existing'>;

/** Two fields side by side from the `sm` breakpoint, one under the other on a phone. */
export const pair = {
  display: 'grid',
  columnGap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
} as const;

/** One section of the page: a card with its heading, readable at 390 px. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography variant="h2" id={id} sx={{ fontSize: '1.15rem', mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

interface TextProps {
  form: PlayerForm;
  name: TextName;
  label: string;
  required?: boolean;
  disabled?: boolean;
  type?: string;
  autoComplete?: string;
  helper?: string;
  /** A refusal the form's rules do not make (the server's document check): shown as an error. */
  problem?: string;
  multiline?: boolean;
  numeric?: boolean;
}

/** A text input bound to the form, its message (the contract's or the server's) under it. */
export function FormText(textProps: TextProps) {
  const { form, name, helper, problem, numeric, multiline, ...props } = textProps;
  const bound = textFieldProps(form as unknown as UseFormReturn<PlayerFormFields>, name);
  return (
    <TextField
      {...props}
      {...bound}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      error={bound.error || Boolean(problem)}
      helperText={bound.helperText ?? problem ?? helper}
      slotProps={numeric ? { htmlInput: { inputMode: 'numeric' } } : undefined}
    />
  );
}

interface SelectProps {
  form: PlayerForm;
  name: TextName;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The first option's text: what '' means ('Sin categoría'); omitted for a required choice. */
  empty?: string;
  required?: boolean;
  disabled?: boolean;
  /** Said under the field when there is no error. */
  helper?: string;
}

/** A select bound to the form. */
export function FormSelect(selectProps: SelectProps) {
  const { form, name, label, options, empty, required, disabled, helper } = selectProps;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          required={required}
          disabled={disabled}
          id={`field-${name}`}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helper}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{empty ?? 'Elige una opción'}</MenuItem>
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

/** A list of options from a contract's values and labels. */
export const optionsOf = <T extends string>(values: readonly T[], labels?: Record<T, string>) =>
  values.map((value) => ({ value, label: labels?.[value] ?? value }));

interface DateProps {
  form: PlayerForm;
  name: 'birth_date' | 'enrollment_date';
  label: string;
  required?: boolean;
  disabled?: boolean;
  disableFuture?: boolean;
  /** Said under the field when there is no error. */
  helper?: string;
}

/** A date picker (DD/MM/AAAA) whose value is the ISO date the contract reads. */
export function FormDate(dateProps: DateProps) {
  const { form, name, label, required, disabled, disableFuture, helper } = dateProps;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <DatePicker
          label={label}
          format={DATE_FORMAT}
          disableFuture={disableFuture}
          disabled={disabled}
          value={field.value ? dayjs(field.value) : null}
          onChange={(value) => field.onChange(value?.isValid() ? value.format('YYYY-MM-DD') : '')}
          inputRef={field.ref}
          slotProps={{
            textField: {
              id: `field-${name}`,
              required,
              onBlur: field.onBlur,
              error: Boolean(fieldState.error),
              helperText: fieldState.error?.message ?? helper,
            },
          }}
        />
      )}
    />
  );
}
