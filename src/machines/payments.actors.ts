import { fromPromise } from 'xstate';
import type {
  PaymentAction,
  PaymentActionResponse,
  PaymentRecordCreate,
} from '../../contract/payment-actions.schema';
import type {
  PaymentBulk,
  PaymentBulkAction,
  PaymentBulkResponse,
} from '../../contract/payment-bulk.schema';
import type { PaymentGenerationResult } from '../../contract/payment-generation.schema';
import type { ReceiptLink } from '../../contract/receipts.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import { saveFor, type SaveImplementations, type SaveRequest } from './save.machine';
import type { Toast } from './toast';

/*
 * The payments screen's flows with their effects (STYLE.md §2), each the save machine as a
 * dialog: 'Generar cobros del periodo' opens on a period, shows the preview, saves once and
 * keeps the server's answer on screen; the drawer's actions (record, approve, reject,
 * cancel, exempt) open on the payment and close on the server's answer; the bulk actions
 * open on the chosen ids and show the server's result for each.
 */

/** The period ('YYYY-MM') the dialog generates. */
export type GenerationPeriod = string;

/** The dialog opens on a period, generates once and shows what the server created. */
export const paymentGenerationMachine = saveFor<GenerationPeriod, void, PaymentGenerationResult>();

export const PAYMENT_GENERATION_OPTIONS = { dialog: true, afterSave: 'show' } as const;

export interface PaymentGenerationDeps {
  generatePayments: (period: string) => Promise<PaymentGenerationResult>;
  toast: Toast;
}

/** "Se crearon 3 pagos", "Se creó 1 pago", "No se creó ningún pago": from the server's count. */
export const createdText = (count: number) =>
  count === 0
    ? 'No se creó ningún pago: ya existían todos'
    : count === 1
      ? 'Se creó 1 pago'
      : `Se crearon ${count} pagos`;

export function createPaymentGenerationImplementations(deps: PaymentGenerationDeps) {
  return {
    actors: {
      save: fromPromise<PaymentGenerationResult, SaveRequest<GenerationPeriod, void>>(
        ({ input: { subject } }) => {
          if (subject === null) throw new Error('No period to generate');
          return deps.generatePayments(subject);
        },
      ),
    },
    actions: {
      notifySaved: (_, { output }) => deps.toast(createdText(output.created_total)),
    },
  } satisfies SaveImplementations<GenerationPeriod, void, PaymentGenerationResult>;
}

/** What an action dialog of the payment drawer is about. */
export type PaymentActionSubject =
  | { kind: 'record'; paymentId: number; balance: number }
  | { kind: 'approve' | 'reject'; paymentId: number; recordId: number; amount: number }
  | { kind: 'cancel' | 'exempt'; paymentId: number };

/** What the dialog sends: the record's fields, a reason, or nothing (approve). */
export type PaymentActionValues =
  | { kind: 'record'; record: PaymentRecordCreate }
  | { kind: 'reason'; reason: string }
  | { kind: 'none' };

/** The drawer's action dialogs: open on an action, save once, close on the answer. */
export const paymentActionMachine = saveFor<
  PaymentActionSubject,
  PaymentActionValues,
  PaymentActionResponse['data']
>();
export const PAYMENT_ACTION_OPTIONS = { dialog: true, afterSave: 'close' } as const;

/** The request of a subject and its values (a reason where the action needs one). */
export function paymentActionOf(
  subject: PaymentActionSubject,
  values: PaymentActionValues,
): PaymentAction {
  const reason = values.kind === 'reason' ? values.reason : '';
  switch (subject.kind) {
    case 'record':
      if (values.kind !== 'record') throw new Error('Recording needs the record');
      return { kind: 'record', paymentId: subject.paymentId, values: values.record };
    case 'approve':
      return { kind: 'approve', paymentId: subject.paymentId, recordId: subject.recordId };
    case 'reject':
      return { kind: 'reject', paymentId: subject.paymentId, recordId: subject.recordId, reason };
    case 'cancel':
    case 'exempt':
      return { kind: subject.kind, paymentId: subject.paymentId, reason };
  }
}

/** The toast after an action, from what the server stored. */
export function actionDoneText(
  kind: PaymentActionSubject['kind'],
  { payment, record }: PaymentActionResponse['data'],
): string {
  const receipt = record?.receipt_number ? `: recibo N.º ${record.receipt_number}` : '';
  switch (kind) {
    case 'record':
      return `Abono registrado${receipt}`;
    case 'approve':
      return `Comprobante aprobado${receipt}`;
    case 'reject':
      return 'Comprobante rechazado';
    case 'cancel':
      return 'Pago anulado';
    case 'exempt':
      return payment.status === 'exempt' ? 'Pago exonerado' : 'Pago actualizado';
  }
}

export function createPaymentActionImplementations(deps: {
  act: (action: PaymentAction) => Promise<PaymentActionResponse['data']>;
  toast: Toast;
}) {
  return {
    actors: {
      save: fromPromise<
        PaymentActionResponse['data'],
        SaveRequest<PaymentActionSubject, PaymentActionValues>
      >(({ input: { subject, values } }) => {
        if (subject === null) throw new Error('No payment action to send');
        return deps.act(paymentActionOf(subject, values));
      }),
    },
    actions: {
      notifySaved: (_, { subject, output }) => {
        if (subject) deps.toast(actionDoneText(subject.kind, output));
      },
    },
  } satisfies SaveImplementations<
    PaymentActionSubject,
    PaymentActionValues,
    PaymentActionResponse['data']
  >;
}

/** The bulk dialog: opens on an action and the chosen ids, shows the server's per-row result. */
export interface PaymentBulkSubject {
  action: PaymentBulkAction;
  paymentIds: number[];
}
export const paymentBulkMachine = saveFor<
  PaymentBulkSubject,
  { reason?: string },
  PaymentBulkResponse['data']
>();
export const PAYMENT_BULK_OPTIONS = { dialog: true, afterSave: 'show' } as const;

/** 'Recordatorio a 2 de 3 familias': how many families a reminder reached (by e-mail or app). */
const familiesText = (families: NonNullable<PaymentBulkResponse['data']['families']>) => {
  const reached = families.filter((family) => family.reached).length;
  return families.length === 1
    ? `recordatorio ${reached === 1 ? 'enviado a la familia' : 'sin enviar: la familia no tiene correo ni app'}`
    : `recordatorio enviado a ${reached} de ${families.length} familias`;
};

/** '3 pagos procesados, 1 rechazado' (and, for a reminder, its families): the server's counts. */
export const bulkDoneText = ({ succeeded, failed, families }: PaymentBulkResponse['data']) =>
  `${succeeded === 1 ? '1 pago procesado' : `${succeeded} pagos procesados`}${
    failed > 0
      ? `, ${failed === 1 ? '1 no se pudo procesar' : `${failed} no se pudieron procesar`}`
      : ''
  }${families && families.length > 0 ? `; ${familiesText(families)}` : ''}`;

export function createPaymentBulkImplementations(deps: {
  bulk: (body: PaymentBulk) => Promise<PaymentBulkResponse['data']>;
  toast: Toast;
}) {
  return {
    actors: {
      save: fromPromise<
        PaymentBulkResponse['data'],
        SaveRequest<PaymentBulkSubject, { reason?: string }>
      >(({ input: { subject, values } }) => {
        if (subject === null) throw new Error('No payments chosen');
        return deps.bulk({
          action: subject.action,
          payment_ids: subject.paymentIds,
          ...(values.reason === undefined ? {} : { reason: values.reason }),
        });
      }),
    },
    actions: {
      notifySaved: (_, { output }) => deps.toast(bulkDoneText(output)),
    },
  } satisfies SaveImplementations<
    PaymentBulkSubject,
    { reason?: string },
    PaymentBulkResponse['data']
  >;
}

/** A shared receipt link 'Revocar' is about. */
export type ReceiptLinkToRevoke = Pick<ReceiptLink, 'id' | 'receipt_number'>;

/** 'Revocar' on a shared receipt link: always asked first (whoever has it loses it). */
export const receiptLinkRevokeMachine = confirmActionFor<ReceiptLinkToRevoke, void>();

export function createReceiptLinkRevokeImplementations(deps: {
  revoke: (linkId: number) => Promise<unknown>;
  toast: Toast;
}) {
  return {
    actors: {
      run: fromPromise<void, { subject: ReceiptLinkToRevoke }>(async ({ input }) => {
        await deps.revoke(input.subject.id);
      }),
    },
    actions: {
      notifyDone: () => deps.toast('Enlace revocado'),
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<ReceiptLinkToRevoke, void>;
}
