import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type Resolver, useForm, type UseFormReturn } from 'react-hook-form';
import { paymentReasonSchema } from '../../../contract/payment-actions.schema';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { formatMoney } from '../../lib/money';
import type { RequestFailure } from '../../lib/request-failure';
import type { PaymentActionSubject, PaymentActionValues } from '../../machines/payments.actors';
import { PaymentRecordForm } from './payment-actions-record-form';

/*
 * The dialogs of the payment drawer's actions, one at a time (the payment action machine
 * holds which): 'Registrar abono' (the record form), 'Aprobar comprobante' (a
 * confirmation: it takes the next receipt number, which is never undone), and 'Rechazar
 * comprobante', 'Anular pago', 'Exonerar pago' (each asks why).
 */

const titles: Record<PaymentActionSubject['kind'], string> = {
  record: 'Registrar abono',
  approve: 'Aprobar comprobante',
  reject: 'Rechazar comprobante',
  cancel: 'Anular pago',
  exempt: 'Exonerar pago',
};

const reasonHelp: Record<'reject' | 'cancel' | 'exempt', string> = {
  reject: 'La familia verá el motivo y podrá enviar otro comprobante.',
  cancel: 'El pago deja de contar como facturado. Esta acción no se puede deshacer.',
  exempt: 'El saldo deja de ser deuda. Esta acción no se puede deshacer.',
};

export interface PaymentActionDialogProps {
  clubId: number;
  subject: PaymentActionSubject | null;
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSubmit: (values: PaymentActionValues) => void;
}

export function PaymentActionDialog(props: PaymentActionDialogProps) {
  const { subject, busy, onCancel } = props;
  return (
    <FormDialog
      open={subject !== null}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby="payment-action-title"
      fullWidth
      maxWidth="sm"
    >
      {subject && (
        <>
          <DialogTitle id="payment-action-title">{titles[subject.kind]}</DialogTitle>
          <ActionBody {...props} subject={subject} />
        </>
      )}
    </FormDialog>
  );
}

function ActionBody(props: PaymentActionDialogProps & { subject: PaymentActionSubject }) {
  const { subject, busy, failure, onCancel, onSubmit } = props;
  switch (subject.kind) {
    case 'record':
      return (
        <PaymentRecordForm
          clubId={props.clubId}
          balance={subject.balance}
          busy={busy}
          failure={failure}
          onCancel={onCancel}
          onSave={(record) => onSubmit({ kind: 'record', record })}
        />
      );
    case 'approve':
      return (
        <>
          <DialogContent>
            {failure && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {failure.message}
              </Alert>
            )}
            <DialogContentText>
              El abono de {formatMoney(subject.amount)} quedará aprobado con el siguiente número de
              recibo del club. Un recibo aprobado no se puede anular.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel} disabled={busy}>
              Cancelar
            </Button>
            <Button variant="contained" onClick={() => onSubmit({ kind: 'none' })} loading={busy}>
              Aprobar
            </Button>
          </DialogActions>
        </>
      );
    default:
      return <ReasonForm {...props} help={reasonHelp[subject.kind]} />;
  }
}

interface ReasonInput {
  reason: string;
}

/** Why: required, at most 500 characters (the contract's schema). */
function ReasonForm({
  subject,
  busy,
  failure,
  onCancel,
  onSubmit,
  help,
}: PaymentActionDialogProps & { subject: PaymentActionSubject; help: string }) {
  const form = useForm<ReasonInput, unknown, ReasonInput>({
    resolver: zodResolver(paymentReasonSchema) as unknown as Resolver<ReasonInput>,
    defaultValues: { reason: '' },
  });
  const plainForm = form as unknown as UseFormReturn<ReasonInput>;
  useServerFieldErrors(plainForm, failure, ['reason']);
  useReportDirty(form.formState.isDirty);
  const confirmLabel =
    subject.kind === 'reject' ? 'Rechazar' : subject.kind === 'cancel' ? 'Anular' : 'Exonerar';
  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit(({ reason }) => onSubmit({ kind: 'reason', reason }))}
    >
      <DialogContent sx={{ pt: 0 }}>
        {failure && !failure.fieldErrors.reason && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure.message}
          </Alert>
        )}
        <DialogContentText>{help}</DialogContentText>
        <TextField
          label="Motivo"
          required
          multiline
          minRows={2}

          {...textFieldProps(plainForm, 'reason')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={subject.kind === 'reject' ? 'primary' : 'error'}
          loading={busy}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Box>
  );
}
