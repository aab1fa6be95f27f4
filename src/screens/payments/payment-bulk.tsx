import CheckCircle from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  type PaymentBulkAction,
  type PaymentBulkResponse,
  paymentBulkActionLabels,
  paymentBulkActions,
  paymentBulkMessages,
} from '../../../contract/payment-bulk.schema';
import type { RequestFailure } from '../../lib/request-failure';
import type { PaymentBulkSubject } from '../../machines/payments.actors';
import { ReminderFamiliesResult } from './payment-bulk-families';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';

/** The bar over the grid while payments are selected: how many, and what can be done. */
export function PaymentsBulkBar({
  count,
  onAction,
}: {
  count: number;
  onAction: (action: PaymentBulkAction) => void;
}) {
  if (count === 0) return null;
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Acciones sobre los pagos seleccionados"
      sx={{ p: 1.5, mb: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Typography sx={{ mr: 1 }}>
        {count === 1 ? '1 pago seleccionado' : `${count} pagos seleccionados`}
      </Typography>
      {paymentBulkActions.map((action) => (
        <Button key={action} size="small" variant="outlined" onClick={() => onAction(action)}>
          {paymentBulkActionLabels[action]}
        </Button>
      ))}
    </Paper>
  );
}

const explanations: Record<PaymentBulkAction, string> = {
  approve:
    'Se aprobarán los comprobantes en revisión de cada pago; cada abono aprobado recibe su número de recibo.',
  remind:
    'Se avisará a quien paga: a los acudientes autorizados de cada menor (en la app y por correo, o al correo del acudiente de la ficha si aún no tiene cuenta) o al jugador adulto. Cada familia recibe un solo mensaje con todos sus pagos pendientes, el saldo, la fecha límite y los medios de pago del club, y tendrás un enlace de WhatsApp por familia (uno por día y pago).',
  exempt: 'El saldo de cada pago dejará de ser deuda. Esta acción no se puede deshacer.',
};

interface BulkDialogProps {
  subject: PaymentBulkSubject | null;
  busy: boolean;
  failure: RequestFailure | null;
  result: PaymentBulkResponse['data'] | null;
  /** A row's name in the result list ('Ana Pérez · Mensualidad'), by payment id. */
  nameOf: (paymentId: number) => string;
  onCancel: () => void;
  onSubmit: (values: { reason?: string }) => void;
}

/** Confirms a bulk action (asking why, to exempt), then lists the server's result per payment. */
export function PaymentsBulkDialog(props: BulkDialogProps) {
  const { subject, busy, result, onCancel } = props;
  return (
    <FormDialog
      open={subject !== null}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby="payments-bulk-title"
      fullWidth
      maxWidth="sm"
    >
      {subject && (
        <>
          <DialogTitle id="payments-bulk-title">
            {paymentBulkActionLabels[subject.action]}
          </DialogTitle>
          {result ? (
            <BulkResult {...props} result={result} />
          ) : (
            <BulkConfirm key={subject.action} {...props} subject={subject} />
          )}
        </>
      )}
    </FormDialog>
  );
}

function BulkConfirm({
  subject,
  busy,
  failure,
  onCancel,
  onSubmit,
}: BulkDialogProps & {
  subject: PaymentBulkSubject;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const asksReason = subject.action === 'exempt';
  useReportDirty(reason !== '');
  const reasonError = missing ? paymentBulkMessages.reasonRequired : failure?.fieldErrors.reason;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (asksReason && reason.trim() === '') return setMissing(true);
    onSubmit(asksReason ? { reason: reason.trim() } : {});
  };
  const count = subject.paymentIds.length;
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 0 }}>
        {failure && !failure.fieldErrors.reason && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure.message}
          </Alert>
        )}
        <DialogContentText>
          {count === 1 ? '1 pago seleccionado.' : `${count} pagos seleccionados.`}{' '}
          {explanations[subject.action]}
        </DialogContentText>
        {asksReason && (
          <TextField
            label="Motivo"
            id="payments-bulk-reason"
            required
            multiline
            minRows={2}

            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
            error={Boolean(reasonError)}
            helperText={reasonError}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" loading={busy}>
          {paymentBulkActionLabels[subject.action]}
        </Button>
      </DialogActions>
    </Box>
  );
}

function BulkResult({
  result,
  nameOf,
  onCancel,
}: BulkDialogProps & { result: PaymentBulkResponse['data'] }) {
  const families = result.families;
  return (
    <>
      <DialogContent sx={{ pt: 0 }}>
        {families ? (
          <ReminderFamiliesResult result={{ ...result, families }} nameOf={nameOf} />
        ) : (
          <PaymentsResult result={result} nameOf={nameOf} />
        )}
      </DialogContent>
      <DialogActions>
        <Stack direction="row">
          <Button variant="contained" onClick={onCancel}>
            Cerrar
          </Button>
        </Stack>
      </DialogActions>
    </>
  );
}

/** The server's result per payment (approve, exempt). */
function PaymentsResult({
  result,
  nameOf,
}: {
  result: PaymentBulkResponse['data'];
  nameOf: (paymentId: number) => string;
}) {
  return (
    <>
      <Alert severity={result.failed === 0 ? 'success' : 'warning'} sx={{ mb: 1 }}>
        {result.succeeded} de {result.results.length} procesados.
      </Alert>
      <List dense aria-label="Resultado por pago">
        {result.results.map((row) => (
          <ListItem key={row.payment_id} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              {row.ok ? (
                <CheckCircle color="success" titleAccess="Hecho" />
              ) : (
                <ErrorOutline color="error" titleAccess="No se pudo" />
              )}
            </ListItemIcon>
            <ListItemText primary={nameOf(row.payment_id)} secondary={row.message} />
          </ListItem>
        ))}
      </List>
    </>
  );
}
