import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, formatDay } from '../../../contract/dates.format';
import type { Payment } from '../../../contract/payments.schema';
import { paymentDetailQuery } from '../../api/payment-details.api';
import { formatMoney } from '../../lib/money';
import type { PaymentActionSubject } from '../../machines/payments.actors';
import { periodLabel } from './payment-period';
import { useClubTimeZone } from '../calendar/use-club-time-zone';
import { PaymentReceiptLinks } from './receipts-links';
import { PaymentHistory, PaymentRecords } from './payment-details-records';
import { RESEND_PROOF_HINT } from '../parents/family-texts';
import { PaymentStatusChip, playerName } from './payments.columns';

interface PaymentDrawerProps {
  clubId: number;
  /** The payment shown; null closes the drawer. */
  paymentId: number | null;
  /** Whether the caller holds payments.update (the actions show only then). */
  canUpdate: boolean;
  onClose: () => void;
  onAction: (subject: PaymentActionSubject) => void;
}

/**
 * A payment's drawer in Pagos: what it bills (base, discounts, amount due), what was paid
 * and what is left, its records (with proofs and receipts), its history, and the staff's
 * actions on it. A phone gets it full width.
 */
export function PaymentDrawer({ clubId, paymentId, onClose, ...props }: PaymentDrawerProps) {
  const detail = useQuery(paymentDetailQuery(clubId, paymentId));
  // Asked only once open: a closed drawer is mounted on every visit to Pagos.
  const timeZone = useClubTimeZone(clubId, paymentId !== null) ?? DEFAULT_TIME_ZONE;
  return (
    <Drawer
      anchor="right"
      open={paymentId !== null}
      onClose={onClose}
      // The drawer is a dialog: named by its title, as its section is.
      slotProps={{
        paper: {
          'aria-labelledby': 'payment-drawer-title',
          sx: { width: { xs: '100%', sm: 480 } },
        },
      }}
    >
      <Box
        component="section"
        aria-labelledby="payment-drawer-title"
        sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
          <Typography id="payment-drawer-title" variant="h2" sx={{ flex: 1 }}>
            {detail.data ? playerName(detail.data.payment) : 'Pago'}
          </Typography>
          <IconButton aria-label="Cerrar" onClick={onClose}>
            <Close />
          </IconButton>
        </Stack>
        {detail.isPending && paymentId !== null && <LinearProgress aria-label="Cargando pago" />}
        {detail.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
                Reintentar
              </Button>
            }
          >
            No se pudo cargar el pago: {detail.error.message}
          </Alert>
        )}
        {detail.data && (
          <>
            <PaymentSummary payment={detail.data.payment} family={!props.canUpdate} />
            {props.canUpdate && (
              <PaymentActions payment={detail.data.payment} onAction={props.onAction} />
            )}
            <Divider />
            <PaymentRecords
              clubId={clubId}
              payment={detail.data.payment}
              records={detail.data.records}
              {...props}
            />
            {props.canUpdate && (
              <PaymentReceiptLinks clubId={clubId} paymentId={detail.data.payment.id} />
            )}
            <Divider />
            <PaymentHistory events={detail.data.events} timeZone={timeZone} />
          </>
        )}
      </Box>
    </Drawer>
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400, textAlign: 'right' }}>
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * A discount as the payment names it: 'Beca (100 %)', 'Convenio', or a sibling rule with
 * why it applied: 'Plan Hermanos (2.º hijo: 15 %)'.
 */
export function appliedDiscountText(discount: Payment['discounts_applied'][number]) {
  if (discount.kind === 'siblings')
    return `${discount.name} (${discount.reason ?? `${discount.value} %`})`;
  return discount.kind === 'percentage' ? `${discount.name} (${discount.value} %)` : discount.name;
}

/** `family`: the payer's own view (no staff actions): a rejected proof says what to do next. */
function PaymentSummary({ payment, family }: { payment: Payment; family: boolean }) {
  return (
    <Stack sx={{ gap: 0.75 }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <PaymentStatusChip status={payment.status} />
        {payment.overdue && <Chip size="small" color="error" label="Vencido" />}
      </Stack>
      {payment.status_reason && (
        <Alert severity={payment.status === 'rejected' ? 'warning' : 'info'}>
          Motivo: {payment.status_reason}
          {family && payment.status === 'rejected' && ` ${RESEND_PROOF_HINT}`}
        </Alert>
      )}
      <Line label="Concepto" value={payment.charge.name} />
      <Line label="Periodo" value={periodLabel(payment.period)} />
      <Line label="Categoría" value={payment.category?.name ?? 'Sin categoría'} />
      <Line label="Fecha límite" value={formatDay(payment.due_date)} />
      <Line label="Valor base" value={formatMoney(payment.base_amount)} />
      {payment.discounts_applied.map((discount) => (
        <Line
          key={discount.id}
          label={`Descuento ${appliedDiscountText(discount)}`}
          value={`− ${formatMoney(discount.amount)}`}
        />
      ))}
      <Line label="Valor a pagar" value={formatMoney(payment.amount_due)} strong />
      <Line label="Pagado" value={formatMoney(payment.amount_paid)} />
      <Line label="Saldo" value={formatMoney(payment.balance)} strong />
    </Stack>
  );
}

const CLOSED = ['cancelled', 'exempt'] as const;
const isClosed = (payment: Payment) => (CLOSED as readonly string[]).includes(payment.status);

/** What staff may do now, as the server's rules allow it (the server decides again). */
function PaymentActions({
  payment,
  onAction,
}: {
  payment: Payment;
  onAction: (subject: PaymentActionSubject) => void;
}) {
  const canRecord = !isClosed(payment) && payment.balance > 0;
  const canCancel = !isClosed(payment) && payment.amount_paid === 0;
  const canExempt = !isClosed(payment) && payment.status !== 'paid';
  if (!canRecord && !canCancel && !canExempt) return null;
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {canRecord && (
        <Button
          variant="contained"
          onClick={() =>
            onAction({ kind: 'record', paymentId: payment.id, balance: payment.balance })
          }
        >
          Registrar abono
        </Button>
      )}
      {canExempt && (
        <Button onClick={() => onAction({ kind: 'exempt', paymentId: payment.id })}>
          Exonerar
        </Button>
      )}
      {canCancel && (
        <Button color="error" onClick={() => onAction({ kind: 'cancel', paymentId: payment.id })}>
          Anular
        </Button>
      )}
    </Stack>
  );
}
