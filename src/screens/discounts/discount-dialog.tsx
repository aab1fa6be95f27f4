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
import { Controller, useForm, type UseFormReturn, useWatch } from 'react-hook-form';
import {
  type Discount,
  type DiscountCreate,
  type DiscountKind,
  discountKindLabels,
  discountKinds,
  discountStatuses,
} from '../../../contract/discounts.schema';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';
import { MoneyField } from '../../components/form/money-field';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import type { RequestFailure } from '../../lib/request-failure';
import { FIELDS, type FormInput, emptyValue, resolverFor, toInput } from './discount-dialog.values';
import { discountStatusLabels } from './discounts.columns';

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

/** A percentage input: digits only, up to 3, with its '%'. */
const percentSlotProps = {
  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
  htmlInput: { inputMode: 'numeric', maxLength: 3 },
} as const;

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
            slotProps={percentSlotProps}
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
            slotProps={percentSlotProps}
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
