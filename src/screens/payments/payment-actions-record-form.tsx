import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Resolver, useForm, type UseFormReturn } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { DEFAULT_TIME_ZONE, dayIn } from '../../../contract/dates.format';
import {
  type PaymentRecordCreate,
  paymentRecordCreateSchema,
} from '../../../contract/payment-actions.schema';
import { usePaymentMethods } from '../../api/payment-methods.api';
import { useReportDirty } from '../../components/form/form-dialog';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { IsoDateField } from '../../components/form/iso-date-field';
import { MoneyField } from '../../components/form/money-field';
import { formatMoney } from '../../lib/money';
import type { RequestFailure } from '../../lib/request-failure';
import { DatePickersProvider } from '../../theme/date-pickers';
import { useClubTimeZone } from '../calendar/use-club-time-zone';
import { PaymentProofField, type PaymentProofFieldProps } from './payment-proofs-field';

const FIELDS = ['amount', 'payment_method_id', 'paid_on', 'reference', 'note'] as const;

interface RecordInput {
  amount: number | null;
  payment_method_id: number | '';
  paid_on: string;
  reference: string;
  note: string;
}

interface PaymentRecordFormProps {
  clubId: number;
  /** What the payment still owes: the amount proposed, and the most the server accepts. */
  balance: number;
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSave: (record: PaymentRecordCreate) => void;
  /**
   * A family's 'Enviar comprobante' (issue #15): the file field first, the amount as paid,
   * not received, and the button 'Enviar'. The caller refuses a save without a file.
   */
  proof?: PaymentProofFieldProps;
}

/**
 * 'Registrar abono': money the club received, the whole balance or part of it, by one of
 * the methods the club accepts, on a day up to today; a reference and a note if any. The
 * server approves it at once with the club's next receipt number.
 */
export function PaymentRecordForm(props: PaymentRecordFormProps) {
  const { clubId, balance, busy, failure, onCancel, onSave } = props;
  const methods = usePaymentMethods(clubId);
  const accepted = (methods.data ?? []).filter((method) => method.accepted);
  // The club's today, whatever the browser's zone (a Bogotá evening is already tomorrow in UTC).
  const today = dayIn(new Date(), useClubTimeZone(clubId) ?? DEFAULT_TIME_ZONE);
  const form = useForm<RecordInput, unknown, PaymentRecordCreate>({
    resolver: zodResolver(paymentRecordCreateSchema) as unknown as Resolver<
      RecordInput,
      unknown,
      PaymentRecordCreate
    >,
    defaultValues: {
      amount: balance,
      payment_method_id: '',
      paid_on: today,
      reference: '',
      note: '',
    },
  });
  const plainForm = form as unknown as UseFormReturn<RecordInput>;
  useServerFieldErrors(plainForm, failure, FIELDS);
  // A chosen proof file is a change too: Esc asks before dropping it.
  useReportDirty(form.formState.isDirty || Boolean(props.proof?.file));
  const onAField = failure && FIELDS.some((field) => failure.fieldErrors[field]);

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(onSave)}>
      <DialogContent sx={{ pt: 0 }}>
        {failure && !onAField && !failure.fieldErrors.proof && (
          <Alert severity="error">{failure.message}</Alert>
        )}
        {props.proof && (
          <PaymentProofField
            {...props.proof}
            error={props.proof.error ?? failure?.fieldErrors.proof}
            disabled={busy}
          />
        )}
        {methods.isSuccess && accepted.length === 0 && !props.proof && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            El club no acepta ningún medio de pago todavía. Elígelos en{' '}
            <Link component={RouterLink} to="/home/admin/payment_methods">
              Medios de pago
            </Link>
            .
          </Alert>
        )}
        <Controller
          control={form.control}
          name="amount"
          render={({ field, fieldState }) => (
            <MoneyField
              label={props.proof ? 'Valor pagado' : 'Valor recibido'}
              required
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              helperText={`Saldo del pago: ${formatMoney(balance)}`}
            />
          )}
        />
        <Controller
          control={form.control}
          name="payment_method_id"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Medio de pago"
              required
              id="field-payment_method_id"
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onChange={(event) => field.onChange(Number(event.target.value))}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              disabled={methods.isPending}
            >
              {accepted.map((method) => (
                <MenuItem key={method.id} value={method.id}>
                  {method.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <DatePickersProvider>
          <IsoDateField
            control={form.control}
            name="paid_on"
            label="Fecha de pago"
            required
            maxDate={today}
          />
        </DatePickersProvider>
        <TextField
          label="Referencia"
          autoComplete="off"
          {...textFieldProps(plainForm, 'reference')}
        />
        <TextField label="Nota" multiline minRows={2} {...textFieldProps(plainForm, 'note')} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" loading={busy}>
          {props.proof ? 'Enviar' : 'Registrar'}
        </Button>
      </DialogActions>
    </Box>
  );
}
