import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import {
  type PaymentDetailRecord,
  type PaymentEvent,
  type PaymentEventAction,
  paymentEventLabels,
} from '../../../contract/payment-details.schema';
import { DEFAULT_TIME_ZONE, formatDateTime, formatDay } from '../../../contract/dates.format';
import type { Payment } from '../../../contract/payments.schema';
import type { ReceiptLinkCreated } from '../../../contract/receipts.schema';
import { proofFileName } from '../../api/payment-proofs.api';
import { fetchPaymentFile, useInvalidatePayments } from '../../api/payments.api';
import { createReceiptLink, receiptPdfUrl } from '../../api/receipts.api';
import { toast } from '../../components/toaster';
import { handOver } from '../../lib/hand-over';
import { formatMoney } from '../../lib/money';
import { useClubTimeZone } from '../calendar/use-club-time-zone';
import type { PaymentActionSubject } from '../../machines/payments.actors';

const recordStatus = {
  in_review: { label: 'En revisión', color: 'info' },
  approved: { label: 'Aprobado', color: 'success' },
  rejected: { label: 'Rechazado', color: 'error' },
} as const;

interface RecordsProps {
  clubId: number;
  payment: Payment;
  records: PaymentDetailRecord[];
  canUpdate: boolean;
  onAction: (subject: PaymentActionSubject) => void;
}

/** 'Abonos': each record with its method, proof, review and receipt. */
export function PaymentRecords({ records, ...props }: RecordsProps) {
  return (
    <Stack component="section" aria-labelledby="payment-records-title" sx={{ gap: 1 }}>
      <Typography id="payment-records-title" variant="h3">
        Abonos
      </Typography>
      {records.length === 0 ? (
        <Typography color="text.secondary">Todavía no hay abonos ni comprobantes.</Typography>
      ) : (
        records.map((record) => <RecordCard key={record.id} record={record} {...props} />)
      )}
    </Stack>
  );
}

function RecordCard({
  clubId,
  payment,
  record,
  canUpdate,
  onAction,
}: Omit<RecordsProps, 'records'> & { record: PaymentDetailRecord }) {
  const status = recordStatus[record.status];
  const timeZone = useClubTimeZone(clubId) ?? DEFAULT_TIME_ZONE;
  const file = useMutation({
    mutationFn: async ({ url, name, proof }: { url: string; name?: string; proof?: boolean }) => {
      const blob = await fetchPaymentFile(url);
      // A proof: an image opens in a tab, a PDF is saved (proofFileName).
      handOver(blob, proof ? proofFileName(blob, record.id) : name);
    },
    onError: (error) => toast(error.message, { variant: 'destructive' }),
  });
  const refresh = useInvalidatePayments(clubId);
  const share = useMutation<ReceiptLinkCreated, Error>({
    mutationFn: () => createReceiptLink(clubId, payment.id, record.id),
    onSuccess: () => refresh(),
    onError: (error) => toast(error.message, { variant: 'destructive' }),
  });
  const subject = { paymentId: payment.id, recordId: record.id, amount: record.amount };
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>{formatMoney(record.amount)}</Typography>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          {record.receipt_number !== null && (
            <Typography variant="body2">Recibo N.º {record.receipt_number}</Typography>
          )}
          <Chip size="small" variant="outlined" color={status.color} label={status.label} />
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {record.payment_method_name ?? 'Sin medio de pago'} · pagado el {formatDay(record.paid_on)}
        {record.reference ? ` · Ref. ${record.reference}` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Registrado por {record.recorded_by_name}
        {record.reviewed_by_name && record.status !== 'in_review'
          ? ` · ${record.status === 'approved' ? 'aprobado' : 'rechazado'} por ${record.reviewed_by_name}`
          : ''}
      </Typography>
      {record.note && <Typography variant="body2">Nota: {record.note}</Typography>}
      {record.rejection_reason && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Motivo del rechazo: {record.rejection_reason}
        </Alert>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1 }}>
        {record.proof_url && (
          <Button size="small" onClick={() => file.mutate({ url: record.proof_url!, proof: true })}>
            Ver comprobante
          </Button>
        )}
        {canUpdate && record.status === 'in_review' && (
          <>
            <Button
              size="small"
              variant="contained"
              onClick={() => onAction({ kind: 'approve', ...subject })}
            >
              Aprobar
            </Button>
            <Button size="small" onClick={() => onAction({ kind: 'reject', ...subject })}>
              Rechazar
            </Button>
          </>
        )}
        {record.receipt_number !== null && (
          <Button
            size="small"
            onClick={() =>
              file.mutate({
                url: `/api${receiptPdfUrl(clubId, payment.id, record.id)}`,
                name: `recibo-${record.receipt_number}.pdf`,
              })
            }
          >
            Descargar recibo
          </Button>
        )}
        {canUpdate && record.receipt_number !== null && !share.data && (
          <Button size="small" onClick={() => share.mutate()} loading={share.isPending}>
            Compartir por WhatsApp
          </Button>
        )}
      </Stack>
      {share.data && <SharedLink link={share.data} timeZone={timeZone} />}
    </Paper>
  );
}

/** The link just created: open WhatsApp with the message, or copy the link. */
function SharedLink({ link, timeZone }: { link: ReceiptLinkCreated; timeZone: string }) {
  const copy = () =>
    navigator.clipboard
      .writeText(link.url)
      .then(() => toast('Enlace copiado'))
      .catch(() => toast('No se pudo copiar el enlace', { variant: 'destructive' }));
  return (
    <Alert severity="success" sx={{ mt: 1 }}>
      Enlace público del recibo, válido hasta {formatDateTime(link.expires_at, timeZone)}.
      <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="contained"
          href={link.whatsapp_url}
          target="_blank"
          rel="noopener"
        >
          Abrir WhatsApp
        </Button>
        <Button size="small" onClick={copy}>
          Copiar enlace
        </Button>
      </Stack>
    </Alert>
  );
}

/** 'Historial': what happened to the payment, oldest first, who and when (the club's clock). */
export function PaymentHistory({ events, timeZone }: { events: PaymentEvent[]; timeZone: string }) {
  return (
    <Stack component="section" aria-labelledby="payment-history-title" sx={{ gap: 0.5 }}>
      <Typography id="payment-history-title" variant="h3">
        Historial
      </Typography>
      <Stack component="ol" sx={{ m: 0, pl: 2.5, gap: 0.5 }}>
        {events.map((event) => (
          <li key={event.id}>
            <Typography variant="body2">
              {paymentEventLabels[event.action as PaymentEventAction] ?? event.action}
              {event.amount !== null ? ` · ${formatMoney(event.amount)}` : ''}
              {event.note ? ` · ${event.note}` : ''}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(event.at, timeZone)} · {event.actor_name ?? 'Sistema'}
            </Typography>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
