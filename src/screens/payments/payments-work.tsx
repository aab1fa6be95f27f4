import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { PaymentBulkAction } from '../../../contract/payment-bulk.schema';
import type { Payment } from '../../../contract/payments.schema';
import {
  PAYMENT_ACTION_OPTIONS,
  PAYMENT_BULK_OPTIONS,
  type PaymentActionSubject,
} from '../../machines/payments.actors';
import * as dialog from '../../machines/save.selectors';
import { PaymentActionDialog } from './payment-action-dialog';
import { PaymentDrawer } from './payment-drawer';
import { PaymentsBulkBar, PaymentsBulkDialog } from './payments-bulk';
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
  const actor = useActorRef(usePaymentActionLogic(clubId), { input: PAYMENT_ACTION_OPTIONS });
  const acting = useSelector(actor, dialog.selectSubject);
  const actingBusy = useSelector(actor, dialog.selectIsSaving);
  const actingFailure = useSelector(actor, dialog.selectFailure);
  const bulk = useActorRef(usePaymentBulkLogic(clubId), { input: PAYMENT_BULK_OPTIONS });
  const bulkSubject = useSelector(bulk, dialog.selectSubject);
  const bulkBusy = useSelector(bulk, dialog.selectIsSaving);
  const bulkFailure = useSelector(bulk, dialog.selectFailure);
  const bulkResult = useSelector(bulk, dialog.selectSaved);
  // Named when the dialog opens: the refresh after the action may take rows off the page.
  const names = useRef(new Map<number, string>());
  const nameOf = (id: number) => names.current.get(id) ?? `Pago ${id}`;
  const openBulk = (action: PaymentBulkAction) => {
    names.current = new Map(
      props.rows.map((row) => [row.id, `${playerName(row)} · ${row.charge.name}`]),
    );
    bulk.send({ type: 'save.open', subject: { action, paymentIds: [...props.selectedIds] } });
  };

  return (
    <>
      {canUpdate && <PaymentsBulkBar count={props.selectedIds.length} onAction={openBulk} />}
      <PaymentDrawer
        clubId={clubId}
        paymentId={openId}
        canUpdate={canUpdate}
        onClose={onCloseDrawer}
        onAction={(subject: PaymentActionSubject) => actor.send({ type: 'save.open', subject })}
      />
      <PaymentActionDialog
        clubId={clubId}
        subject={acting}
        busy={actingBusy}
        failure={actingFailure}
        onCancel={() => actor.send({ type: 'save.close' })}
        onSubmit={(values) => actor.send({ type: 'save.submit', values })}
      />
      <PaymentsBulkDialog
        subject={bulkSubject}
        busy={bulkBusy}
        failure={bulkFailure}
        result={bulkResult}
        nameOf={nameOf}
        onCancel={() => bulk.send({ type: 'save.close' })}
        onSubmit={(values) => bulk.send({ type: 'save.submit', values })}
      />
    </>
  );
}
