import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import {
  clubPaymentMethodRequestSchema,
  type ClubPaymentMethod,
} from '../../../contract/payment-methods.schema';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { useSaveFlow } from '../../components/use-machine-flow';
import { PAYMENT_METHOD_OPTIONS } from '../../machines/payment-methods.actors';
import { usePaymentMethodLogic } from './payment-methods.logic';

/** The card's form: the switch and the details as typed ('' for none). */
interface PaymentMethodFields {
  accepted: boolean;
  details: string;
}

const FIELDS = ['accepted', 'details'] as const;

const fieldsOf = (method: ClubPaymentMethod): PaymentMethodFields => ({
  accepted: method.accepted,
  details: method.details ?? '',
});

// The contract checks the card with the server's own words (length, characters); what it
// hands on is the request as the server reads it ('' becomes null).
const resolver = zodResolver(
  clubPaymentMethodRequestSchema,
) as unknown as Resolver<PaymentMethodFields>;

/** One method of the club's country: 'Aceptado', 'Datos para pagar' and 'Guardar'. */
export function PaymentMethodCard({
  clubId,
  method,
}: {
  clubId: number;
  method: ClubPaymentMethod;
}) {
  const form = useForm<PaymentMethodFields>({
    resolver,
    defaultValues: fieldsOf(method),
  });
  const logic = usePaymentMethodLogic(clubId, method.id, (saved) => form.reset(fieldsOf(saved)));
  const { busy: saving, canSave, failure, submit } = useSaveFlow(logic, PAYMENT_METHOD_OPTIONS);
  useServerFieldErrors(form, failure, FIELDS);
  const onSubmit = form.handleSubmit(submit);
  const titleId = `payment-method-${method.id}-title`;
  const onField = failure && FIELDS.some((field) => failure.fieldErrors[field]);

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack
        direction="row"
        sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography variant="h6" component="h2" id={titleId} sx={{ overflowWrap: 'anywhere' }}>
          {method.name}
        </Typography>
        <Controller
          name="accepted"
          control={form.control}
          render={({ field }) => (
            <FormControlLabel
              label="Aceptado"
              labelPlacement="start"
              control={
                <Switch
                  name={field.name}
                  checked={field.value}
                  slotProps={{ input: { ref: field.ref } }}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.checked)}
                />
              }
            />
          )}
        />
      </Stack>
      {failure && !onField && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure.message}
        </Alert>
      )}
      <TextField
        label="Datos para pagar"
        placeholder="Ej.: Cuenta de ahorros Bancolombia 123-456789-00 a nombre de Club Demo"
        multiline
        minRows={2}
        fullWidth
        margin="normal"
        {...textFieldProps(form, 'details')}
        id={`payment-method-${method.id}-details`}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={saving || !canSave}
          aria-busy={saving}
          startIcon={
            saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
          }
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          Guardar
        </Button>
      </Stack>
    </Paper>
  );
}
