import {
  type PaymentAction,
  type PaymentActionResponse,
  paymentActionResponseSchema,
} from '../../contract/payment-actions.schema';
import { authClient, describeFailures } from './http';
import { paymentPath } from './payments.api';

/*
 * What staff do to one payment from Pagos (issue #12): record money received, approve or
 * reject a record, cancel or exempt the payment.
 */

const actionRequest = (action: PaymentAction): { path: string; body?: unknown } => {
  switch (action.kind) {
    case 'record':
      return { path: 'records', body: action.values };
    case 'approve':
      return { path: `records/${action.recordId}/approve` };
    case 'reject':
      return { path: `records/${action.recordId}/reject`, body: { reason: action.reason } };
    case 'cancel':
    case 'exempt':
      return { path: action.kind, body: { reason: action.reason } };
  }
};

/** Sends `action`; the server answers the payment as the list shows it and the record. */
export const actOnPayment = (
  clubId: number,
  action: PaymentAction,
): Promise<PaymentActionResponse['data']> =>
  describeFailures(async () => {
    const { path, body } = actionRequest(action);
    return paymentActionResponseSchema.parse(
      await authClient(`${paymentPath(clubId, action.paymentId)}/${path}`, {
        method: 'POST',
        ...(body === undefined ? {} : { body }),
      }),
    ).data;
  });
