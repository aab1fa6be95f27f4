import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatDay } from '../../../contract/dates.format';
import type { FamilySummary } from '../../../contract/parents.schema';
import { formatMoney } from '../../lib/money';
import type { ProofSubject } from '../../machines/parents.actors';
import { periodLabel } from '../payments/payment-period';
import {
  RESEND_PROOF_HINT,
  familyPaymentStatusColors,
  familyPaymentStatusLabels,
} from './family-texts';

interface FamilyPaymentsProps {
  clubId: number;
  payments: FamilySummary['payments'];
  debt: number;
  /** 'Enviar comprobante' for a payment that is not already in review. */
  onSendProof: (subject: ProofSubject) => void;
}

/**
 * 'Pagos': what is owed now, and each pending, overdue, rejected (with the reason and what
 * to do next) or in-review payment.
 */
export function FamilyPayments({ clubId, payments, debt, onSendProof }: FamilyPaymentsProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="subtitle2" component="h3" id={titleId}>
          Pagos
        </Typography>
        <Typography variant="body2">
          Deuda: <strong>{formatMoney(debt)}</strong>
        </Typography>
      </Stack>
      {payments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Estás al día: no hay pagos pendientes.
        </Typography>
      ) : (
        <List dense disablePadding>
          {payments.map((payment) => (
            <ListItem
              key={payment.id}
              disableGutters
              divider
              sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
            >
              <Stack sx={{ flex: '1 1 180px', minWidth: 0 }}>
                <Typography variant="body2">
                  {payment.concept} · {periodLabel(payment.period)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  Fecha límite: {formatDay(payment.due_date)}
                </Typography>
                {payment.status === 'rejected' && (
                  <Typography variant="caption" color="warning.dark">
                    Comprobante rechazado
                    {payment.reason ? `. Motivo: ${payment.reason}` : ''}. {RESEND_PROOF_HINT}
                  </Typography>
                )}
              </Stack>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {formatMoney(payment.amount_due)}
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                color={familyPaymentStatusColors[payment.status]}
                label={familyPaymentStatusLabels[payment.status]}
              />
              {payment.status !== 'in_review' && (
                <Button
                  size="small"
                  onClick={() =>
                    onSendProof({ clubId, paymentId: payment.id, amountDue: payment.amount_due })
                  }
                  aria-label={`Enviar comprobante de ${payment.concept} · ${periodLabel(payment.period)}`}
                >
                  Enviar comprobante
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </section>
  );
}
