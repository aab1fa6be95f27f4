import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_TIME_ZONE, formatInstantDay } from '../../../contract/dates.format';
import { useInvalidatePayments } from '../../api/payments.api';
import { receiptLinksQuery, revokeReceiptLink } from '../../api/receipts.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toast } from '../../components/toaster';
import { useConfirmFlow } from '../../components/use-machine-flow';
import {
  createReceiptLinkRevokeImplementations,
  receiptLinkRevokeMachine,
} from '../../machines/payments.actors';
import { useClubTimeZone } from '../calendar/use-club-time-zone';

/** 'Revocar': the confirm-action machine with the API call and a refresh of the links. */
function useRevokeLogic(clubId: number, paymentId: number) {
  const refresh = useInvalidatePayments(clubId);
  const [logic] = useState(() =>
    receiptLinkRevokeMachine.provide(
      createReceiptLinkRevokeImplementations({
        revoke: async (linkId) => {
          await revokeReceiptLink(clubId, paymentId, linkId);
          await refresh();
        },
        toast,
      }),
    ),
  );
  return logic;
}

/**
 * 'Enlaces compartidos': the payment's public receipt links that still work, each with
 * its receipt number and expiry, and 'Revocar' (asked first: whoever has the link loses
 * the receipt at once). Staff only; the tokens themselves are never shown again.
 */
export function PaymentReceiptLinks({ clubId, paymentId }: { clubId: number; paymentId: number }) {
  const links = useQuery(receiptLinksQuery(clubId, paymentId, true));
  const revoker = useConfirmFlow(useRevokeLogic(clubId, paymentId));
  const timeZone = useClubTimeZone(clubId) ?? DEFAULT_TIME_ZONE;
  const { asking, running: busy } = revoker;
  const [now] = useState(() => Date.now());
  const live = (links.data ?? []).filter(
    (link) => link.revoked_at === null && new Date(link.expires_at).getTime() > now,
  );
  if (live.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="receipt-links-title" sx={{ gap: 0.5 }}>
      <Typography id="receipt-links-title" variant="h3">
        Enlaces compartidos
      </Typography>
      {live.map((link) => (
        <Stack key={link.id} direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ flex: 1 }}>
            Recibo N.º {link.receipt_number} · vence el{' '}
            {formatInstantDay(link.expires_at, timeZone)}
          </Typography>
          <Button
            size="small"
            color="error"
            aria-label={`Revocar el enlace del recibo N.º ${link.receipt_number}`}
            onClick={() => revoker.request(link)}
          >
            Revocar
          </Button>
        </Stack>
      ))}
      <ConfirmDialog
        open={asking !== null}
        title="¿Revocar el enlace?"
        text={`Quien tenga el enlace del recibo N.º ${asking?.receipt_number ?? ''} ya no podrá abrirlo.`}
        confirmLabel="Revocar"
        busy={busy}
        onCancel={revoker.cancel}
        onConfirm={revoker.confirm}
      />
    </Stack>
  );
}
