import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useForm, type UseFormReturn, useWatch } from 'react-hook-form';
import { type Charge, chargeConceptLabels, chargeConcepts } from '../../../contract/charges.schema';
import { useFrequencies } from '../../api/charges.api';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';
import { useServerFieldErrors } from '../../components/form/form-helpers';
import { MoneyField } from '../../components/form/money-field';
import { IsoDateField } from '../../components/form/iso-date-field';
import type { RequestFailure } from '../../lib/request-failure';
import type { ChargeValues } from '../../machines/charges.actors';
import { DatePickersProvider } from '../../theme/date-pickers';
import { type ChargeFormInput, priceChanged, resolverFor, toInput } from './charge-form';
import { ChargeLinksFields } from './charge-links-fields';

const FIELDS = [
  'name',
  'concept',
  'amount',
  'frequency_id',
  'due_day',
  'due_date',
  'valid_from',
  'valid_until',
  'scope',
  'category_ids',
  'player_ids',
  'excluded_player_ids',
  'discount_ids',
  'price_change_reason',
] as const;

type Form = UseFormReturn<ChargeFormInput, unknown, ChargeValues>;

interface ChargeDialogProps {
  open: boolean;
  clubId: number;
  /** The charge edited; null creates one. */
  charge: Charge | null;
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSave: (values: ChargeValues) => void;
}

/** 'Nuevo cobro' / 'Editar cobro'. */
export function ChargeDialog({ open, busy, onCancel, ...props }: ChargeDialogProps) {
  return (
    <FormDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby="charge-dialog-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="charge-dialog-title">
        {props.charge ? 'Editar cobro' : 'Nuevo cobro'}
      </DialogTitle>
      {open && (
        <DatePickersProvider>
          <ChargeForm key={props.charge?.id ?? 0} busy={busy} onCancel={onCancel} {...props} />
        </DatePickersProvider>
      )}
    </FormDialog>
  );
}

function ChargeForm({
  clubId,
  charge,
  busy,
  failure,
  onCancel,
  onSave,
}: Omit<ChargeDialogProps, 'open'>) {
  const frequencies = useFrequencies().data ?? [];
  const isOneOff = (id: number | '') => frequencies.find((each) => each.id === id)?.months === null;
  const form: Form = useForm<ChargeFormInput, unknown, ChargeValues>({
    resolver: resolverFor(charge, isOneOff),
    defaultValues: toInput(charge),
  });
  useServerFieldErrors(form as unknown as UseFormReturn<ChargeFormInput>, failure, FIELDS);
  useReportDirty(form.formState.isDirty);
  const oneOff = isOneOff(useWatch({ control: form.control, name: 'frequency_id' }));
  const asksReason = priceChanged(charge, useWatch({ control: form.control, name: 'amount' }));
  const text = (name: 'name' | 'due_day' | 'price_change_reason') => {
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
  const onAField = failure && FIELDS.some((field) => failure.fieldErrors[field]);

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => onSave(values))}>
      <DialogContent sx={{ pt: 0 }}>
        {failure && !onAField && <Alert severity="error">{failure.message}</Alert>}
        <TextField label="Nombre" required autoComplete="off" {...text('name')} />
        <Controller
          control={form.control}
          name="concept"
          render={({ field }) => (
            <TextField select label="Concepto" id="field-concept" {...field} inputRef={field.ref}>
              {chargeConcepts.map((each) => (
                <MenuItem key={each} value={each}>
                  {chargeConceptLabels[each]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="amount"
          render={({ field, fieldState }) => (
            <MoneyField
              label="Valor"
              required
              name="amount"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        {asksReason && (
          <TextField
            label="Motivo del cambio de precio"
            required
            multiline
            {...text('price_change_reason')}
            helperText={
              form.formState.errors.price_change_reason?.message ??
              'El nuevo valor se aplica a los periodos aún no generados'
            }
          />
        )}
        <Controller
          control={form.control}
          name="frequency_id"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Frecuencia"
              required
              id="field-frequency_id"
              {...field}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {frequencies.map((each) => (
                <MenuItem key={each.id} value={each.id}>
                  {each.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {oneOff ? (
          <IsoDateField control={form.control} name="due_date" label="Fecha de pago" required />
        ) : (
          <TextField
            label="Día de pago"
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
            {...text('due_day')}
            helperText={form.formState.errors.due_day?.message ?? 'Día del mes, de 1 a 31'}
          />
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
          <IsoDateField control={form.control} name="valid_from" label="Vigente desde" required />
          <IsoDateField control={form.control} name="valid_until" label="Vigente hasta" />
        </Stack>
        <ChargeLinksFields form={form} clubId={clubId} />
        <Controller
          control={form.control}
          name="applies_to_new_players"
          render={({ field }) => (
            <FormControlLabel
              label="Aplica a los jugadores nuevos"
              control={<Switch checked={field.value} onChange={(_, on) => field.onChange(on)} />}
            />
          )}
        />
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
