import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import {
  type Control,
  Controller,
  type Resolver,
  useForm,
  type UseFormReturn,
} from 'react-hook-form';
import {
  type Category,
  type CategoryCreate,
  type CategoryGender,
  type CategoryStatus,
  categoryCreateSchema,
  categoryGenderLabels,
  categoryGenders,
  categoryStatuses,
  categoryUpdateSchema,
} from '../../../contract/categories.schema';
import { useSports } from '../../api/reference.api';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';
import { useServerFieldErrors } from '../../components/form/form-helpers';
import type { RequestFailure } from '../../lib/request-failure';
import { categoryStatusLabels } from './categories.columns';
import { CategoryTrainersField } from './category-trainers-field';

const FIELDS = [
  'name',
  'sport',
  'gender',
  'birth_year_from',
  'birth_year_to',
  'status',
  'trainer_ids',
] as const;

/** What the inputs hold: text as typed; an empty end year is an open range. */
interface FormInput {
  name: string;
  sport: string;
  gender: CategoryGender;
  birth_year_from: string;
  birth_year_to: string;
  status: CategoryStatus;
  /** Undefined when the user may not see the trainers: the category's stay as they are. */
  trainer_ids?: number[];
}

interface CategoryDialogProps {
  open: boolean;
  clubId: number;
  /** Whether the trainers field shows (trainers.view). */
  withTrainers: boolean;
  /** The category edited; null creates one. */
  category: Category | null;
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSave: (values: CategoryCreate) => void;
}

/** 'Nueva categoría' / 'Editar categoría': name, sport, gender, birth years, status. */
export function CategoryDialog({ open, busy, onCancel, ...props }: CategoryDialogProps) {
  return (
    <FormDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby="category-dialog-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="category-dialog-title">
        {props.category ? 'Editar categoría' : 'Nueva categoría'}
      </DialogTitle>
      {open && (
        <CategoryForm key={props.category?.id ?? 0} busy={busy} onCancel={onCancel} {...props} />
      )}
    </FormDialog>
  );
}

const blankToNull = (values: FormInput) => ({
  ...values,
  birth_year_to: values.birth_year_to.trim() === '' ? null : values.birth_year_to.trim(),
  birth_year_from: values.birth_year_from.trim(),
});

/**
 * The contract's schema over the inputs (create, or update when editing). Every field is
 * on the form, so the update schema's answer holds them all, as the create schema's does.
 */
const resolverFor = (editing: boolean): Resolver<FormInput, unknown, CategoryCreate> => {
  const resolve = (editing
    ? zodResolver(categoryUpdateSchema)
    : zodResolver(categoryCreateSchema)) as unknown as Resolver<FormInput, unknown, CategoryCreate>;
  return (values, context, options) =>
    resolve(blankToNull(values) as unknown as FormInput, context, options);
};

const toInput = (category: Category | null, withTrainers: boolean): FormInput => ({
  name: category?.name ?? '',
  sport: category?.sport ?? '',
  gender: category?.gender ?? 'mixed',
  birth_year_from: category ? String(category.birth_year_from) : '',
  birth_year_to: category?.birth_year_to == null ? '' : String(category.birth_year_to),
  status: category?.status ?? 'active',
  trainer_ids: withTrainers ? (category?.trainers.map((trainer) => trainer.id) ?? []) : undefined,
});

const yearInput = { htmlInput: { inputMode: 'numeric', maxLength: 4 } } as const;

function CategoryForm({
  clubId,
  withTrainers,
  category,
  busy,
  failure,
  onCancel,
  onSave,
}: Omit<CategoryDialogProps, 'open'>) {
  const form = useForm<FormInput, unknown, CategoryCreate>({
    resolver: resolverFor(category !== null),
    defaultValues: toInput(category, withTrainers),
  });
  useServerFieldErrors(form as unknown as UseFormReturn<FormInput>, failure, FIELDS);
  useReportDirty(form.formState.isDirty);
  /** A text input's registration and its message (the contract's or the server's). */
  const field = (name: 'name' | 'birth_year_from' | 'birth_year_to') => {
    const { ref, ...registered } = form.register(name);
    const message = form.formState.errors[name]?.message;
    return {
      ...registered,
      id: `field-${name}`,
      inputRef: ref,
      error: Boolean(message),
      helperText: message,
    };
  };
  const sports = (useSports().data ?? []).map(({ name }) => name);
  if (category?.sport && !sports.includes(category.sport)) sports.push(category.sport);
  const onAField = failure && FIELDS.some((field) => failure.fieldErrors[field]);

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => onSave(values))}>
      <DialogContent sx={{ pt: 0 }}>
        {failure && !onAField && <Alert severity="error">{failure.message}</Alert>}
        <TextField label="Nombre" required autoComplete="off" {...field('name')} />
        <SelectField control={form.control} name="sport" label="Deporte">
          <MenuItem value="">Sin deporte</MenuItem>
          {sports.map((sport) => (
            <MenuItem key={sport} value={sport}>
              {sport}
            </MenuItem>
          ))}
        </SelectField>
        <SelectField control={form.control} name="gender" label="Género" required>
          {categoryGenders.map((gender) => (
            <MenuItem key={gender} value={gender}>
              {categoryGenderLabels[gender]}
            </MenuItem>
          ))}
        </SelectField>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
          <TextField
            label="Año de nacimiento desde"
            required
            slotProps={yearInput}
            {...field('birth_year_from')}
          />
          <TextField
            label="Año de nacimiento hasta"
            placeholder="Sin límite"
            slotProps={{ ...yearInput, inputLabel: { shrink: true } }}
            {...field('birth_year_to')}
            helperText={form.formState.errors.birth_year_to?.message ?? 'Vacío: sin límite de edad'}
          />
        </Stack>
        {withTrainers && (
          <CategoryTrainersField clubId={clubId} control={form.control} name="trainer_ids" />
        )}
        {category && (
          <SelectField control={form.control} name="status" label="Estado">
            {categoryStatuses.map((status) => (
              <MenuItem key={status} value={status}>
                {categoryStatusLabels[status]}
              </MenuItem>
            ))}
          </SelectField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
          Guardar
        </Button>
      </DialogActions>
    </Box>
  );
}

interface SelectFieldProps {
  control: Control<FormInput, unknown, CategoryCreate>;
  name: 'sport' | 'gender' | 'status';
  label: string;
  required?: boolean;
  children: ReactNode;
}

/** A select bound to the form, its message (the contract's or the server's) under it. */
function SelectField({ control, name, label, required, children }: SelectFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          required={required}
          id={`field-${name}`}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          {children}
        </TextField>
      )}
    />
  );
}
