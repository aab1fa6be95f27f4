import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { Controller, type Resolver, useForm, type UseFormReturn, useWatch } from 'react-hook-form';
import {
  type Discount,
  type DiscountCreate,
  type DiscountKind,
  type DiscountStatus,
  discountCreateSchema,
  discountKindLabels,
  discountKinds,
  discountStatuses,
  discountUpdateSchema,
} from '../../../contract/discounts.schema';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';
import { MoneyField } from '../../components/form/money-field';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import type { RequestFailure } from '../../lib/request-failure';
import { discountStatusLabels } from './discounts.columns';

const FIELDS = ['name', 'description', 'kind', 'value', 'third_value', 'status'] as const;

/** What the inputs hold: a percentage as typed, a fixed amount in minor units (MoneyField). */
interface FormInput {
  name: string;
  description: string;
  kind: DiscountKind;
  value: string | number | null;
  /** A sibling rule's percentage off the third and later children, as typed. */
  third_value: string;
  status: DiscountStatus;
}

interface DiscountDialogProps {
  open: boolean;
  /** The discount edited; null creates one. */
  discount: Discount | null;
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSave: (values: DiscountCreate) => void;
}

/** 'Nuevo descuento' / 'Editar descuento': name, description, kind, value (and status). */
export function DiscountDialog({ open, busy, onCancel, ...props }: DiscountDialogProps) {
  return (
    <FormDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby="discount-dialog-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="discount-dialog-title">
        {props.discount ? 'Editar descuento' : 'Nuevo descuento'}
      </DialogTitle>
      {open && (
        <DiscountForm key={props.discount?.id ?? 0} busy={busy} onCancel={onCancel} {...props} />
      )}
    </FormDialog>
  );
}

/** The value as the contract reads it: a typed percentage becomes a number, empty is missing. */
const toBody = (values: FormInput) => {
  const { value } = values;
  const text = typeof value === 'string' ? value.trim() : value;
  const third = values.third_value.trim();
  return {
    ...values,
    value: text === '' || text === null ? undefined : Number(text),
    third_value: values.kind !== 'siblings' || third === '' ? null : Number(third),
  };
};

/** The contract's schema over the inputs (create, or update when editing). */
const resolverFor = (editing: boolean): Resolver<FormInput, unknown, DiscountCreate> => {
  const resolve = (editing
    ? zodResolver(discountUpdateSchema)
    : zodResolver(discountCreateSchema)) as unknown as Resolver<FormInput, unknown, DiscountCreate>;
  return (values, context, options) =>
    resolve(toBody(values) as unknown as FormInput, context, options);
};

const emptyValue = (kind: DiscountKind) => (kind === 'fixed' ? null : '');

const toInput = (discount: Discount | null): FormInput => ({
  name: discount?.name ?? '',
  description: discount?.description ?? '',
  kind: discount?.kind ?? 'percentage',
  value: discount ? (discount.kind === 'fixed' ? discount.value : String(discount.value)) : '',
  third_value: discount?.third_value == null ? '' : String(discount.third_value),
  status: discount?.status ?? 'active',
});

function DiscountForm({
  discount,
  busy,
  failure,
  onCancel,
  onSave,
}: Omit<DiscountDialogProps, 'open'>) {
  const form = useForm<FormInput, unknown, DiscountCreate>({
    resolver: resolverFor(discount !== null),
    defaultValues: toInput(discount),
  });
  const plainForm = form as unknown as UseFormReturn<FormInput>;
  useServerFieldErrors(plainForm, failure, FIELDS);
  useReportDirty(form.formState.isDirty);
  const kind = useWatch({ control: form.control, name: 'kind' });
  const onAField = failure && FIELDS.some((field) => failure.fieldErrors[field]);

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => onSave(values))}>
      <DialogContent sx={{ pt: 0 }}>
        {failure && !onAField && <Alert severity="error">{failure.message}</Alert>}
        <TextField
          label="Nombre"
          required
          autoComplete="off"
          {...textFieldProps(plainForm, 'name')}
        />
        <TextField
          label="Descripción"
          multiline
          minRows={2}
          {...textFieldProps(plainForm, 'description')}
        />
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <FormControl margin="normal">
              <FormLabel id="discount-kind-label">Tipo</FormLabel>
              <RadioGroup
                row
                aria-labelledby="discount-kind-label"
                name={field.name}
                value={field.value}
                onChange={(_, value) => {
                  const wasFixed = field.value === 'fixed';
                  field.onChange(value);
                  // A percentage and an amount are different units: the value starts over.
                  if (wasFixed !== (value === 'fixed')) {
                    form.setValue('value', emptyValue(value as DiscountKind));
                    form.clearErrors('value');
                  }
                }}
              >
                {discountKinds.map((each) => (
                  <FormControlLabel
                    key={each}
                    value={each}
                    control={<Radio />}
                    label={discountKindLabels[each]}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
        {kind === 'siblings' && (
          <Alert severity="info" sx={{ mt: 1 }}>
            Se aplica en los cobros a los que lo vincules, a los hijos de una misma familia
            (jugadores con un acudiente autorizado en común), del mayor al menor: el primero paga
            completo.
          </Alert>
        )}
        {kind !== 'fixed' ? (
          <TextField
            label={kind === 'siblings' ? 'Porcentaje del 2.º hijo' : 'Porcentaje'}
            required
            {...textFieldProps(plainForm, 'value')}
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              htmlInput: { inputMode: 'numeric', maxLength: 3 },
            }}
          />
        ) : (
          <Controller
            control={form.control}
            name="value"
            render={({ field, fieldState }) => (
              <MoneyField
                label="Valor"
                required
                name={field.name}
                value={typeof field.value === 'number' ? field.value : null}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        {kind === 'siblings' && (
          <TextField
            label="Porcentaje del 3.er hijo y siguientes"
            required
            {...textFieldProps(plainForm, 'third_value')}
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              htmlInput: { inputMode: 'numeric', maxLength: 3 },
            }}
          />
        )}
        {discount && (
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <TextField
                select
                label="Estado"
                id="field-status"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                inputRef={field.ref}
              >
                {discountStatuses.map((status) => (
                  <MenuItem key={status} value={status}>
                    {discountStatusLabels[status]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
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
