import { useRef } from 'react';
import type { PaymentBulkAction } from '../../../contract/payment-bulk.schema';
import type { Payment } from '../../../contract/payments.schema';
import { useSaveFlow } from '../../components/use-machine-flow';
import { PAYMENT_ACTION_OPTIONS, PAYMENT_BULK_OPTIONS } from '../../machines/payments.actors';
import { PaymentActionDialog } from './payment-actions-dialog';
import { PaymentDrawer } from './payment-details-drawer';
import { PaymentsBulkBar, PaymentsBulkDialog } from './payment-bulk';
import { playerName } from './payments.columns';
import { usePaymentActionLogic, usePaymentBulkLogic } from './payments.logic';

interface PaymentsWorkProps {
  clubId: number;
  canUpdate: boolean;
  /** The payment whose drawer is open, or null. */
  openId: number | null;
  onCloseDrawer: () => void;
  /** The page's rows (to name the payments of a bulk result). */
  rows: readonly Payment[];
  selectedIds: readonly number[];
}

/**
 * What staff do in Pagos around the grid: the payment drawer and its action dialogs, the
 * bar of the selected payments and the bulk dialog with the server's result per payment.
 */
export function PaymentsWork({
  clubId,
  canUpdate,
  openId,
  onCloseDrawer,
  ...props
}: PaymentsWorkProps) {
  const acting = useSaveFlow(usePaymentActionLogic(clubId), PAYMENT_ACTION_OPTIONS);
  const bulk = useSaveFlow(usePaymentBulkLogic(clubId), PAYMENT_BULK_OPTIONS);
  // Named when the dialog opens: the refresh after the action may take rows off the page.
  const names = useRef(new Map<number, string>());
  const nameOf = (id: number) => names.current.get(id) ?? `Pago ${id}`;
  const openBulk = (action: PaymentBulkAction) => {
    names.current = new Map(
      props.rows.map((row) => [row.id, `${playerName(row)} · ${row.charge.name}`]),
    );
    bulk.open({ action, paymentIds: [...props.selectedIds] });
  };

  return (
    <>
      {canUpdate && <PaymentsBulkBar count={props.selectedIds.length} onAction={openBulk} />}
      <PaymentDrawer
        clubId={clubId}
        paymentId={openId}
        canUpdate={canUpdate}
        onClose={onCloseDrawer}
        onAction={acting.open}
      />
      <PaymentActionDialog
        clubId={clubId}
        subject={acting.subject}
        busy={acting.busy}
        failure={acting.failure}
        onCancel={acting.close}
        onSubmit={acting.submit}
      />
      <PaymentsBulkDialog
        subject={bulk.subject}
        busy={bulk.busy}
        failure={bulk.failure}
        result={bulk.saved}
        nameOf={nameOf}
        onCancel={bulk.close}
        onSubmit={bulk.submit}
      />
    </>
  );
}
