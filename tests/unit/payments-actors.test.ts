import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { PaymentActionResponse } from '../../contract/payment-actions.schema';
import {
  PAYMENT_ACTION_OPTIONS,
  PAYMENT_BULK_OPTIONS,
  actionDoneText,
  bulkDoneText,
  createPaymentActionImplementations,
  createPaymentBulkImplementations,
  paymentActionMachine,
  paymentActionOf,
  paymentBulkMachine,
} from '../../src/machines/payments.actors';
import { payment } from '../components/support/payment-fixtures';

/*
 * The Pagos dialogs' effects (src/machines/payments.actors.ts) on the generic save
 * machine, whose every path has its own model-based test: which request each subject
 * sends, and which toast each answer gives, read from what the server answered.
 */

const answer = (
  overrides: Partial<PaymentActionResponse['data']> = {},
): PaymentActionResponse['data'] => ({ payment: payment(1), record: null, ...overrides });

describe('paymentActionOf', () => {
  it('maps each dialog to its request, the reason where one is asked', () => {
    const record = {
      amount: 5,
      payment_method_id: 1,
      paid_on: '2026-01-01',
      reference: null,
      note: null,
    };
    expect(
      paymentActionOf({ kind: 'record', paymentId: 1, balance: 9 }, { kind: 'record', record }),
    ).toEqual({ kind: 'record', paymentId: 1, values: record });
    expect(
      paymentActionOf({ kind: 'approve', paymentId: 1, recordId: 4, amount: 9 }, { kind: 'none' }),
    ).toEqual({ kind: 'approve', paymentId: 1, recordId: 4 });
    expect(
      paymentActionOf(
        { kind: 'reject', paymentId: 1, recordId: 4, amount: 9 },
        { kind: 'reason', reason: 'Ilegible' },
      ),
    ).toEqual({ kind: 'reject', paymentId: 1, recordId: 4, reason: 'Ilegible' });
    expect(
      paymentActionOf({ kind: 'cancel', paymentId: 2 }, { kind: 'reason', reason: 'Se retiró' }),
    ).toEqual({ kind: 'cancel', paymentId: 2, reason: 'Se retiró' });
    expect(() =>
      paymentActionOf({ kind: 'record', paymentId: 1, balance: 9 }, { kind: 'none' }),
    ).toThrow();
  });
});

describe('toasts say what the server did', () => {
  it('names the receipt number the server assigned, and nothing it did not', () => {
    const approved = answer({
      record: {
        id: 1,
        payment_id: 1,
        amount: 5,
        payment_method_id: 1,
        paid_on: '2026-01-01',
        reference: null,
        note: null,
        status: 'approved',
        receipt_number: 12,
        reviewed_at: null,
        reviewed_by: 1,
        rejection_reason: null,
        recorded_by: 1,
      },
    });
    expect(actionDoneText('record', approved)).toBe('Abono registrado: recibo N.º 12');
    expect(actionDoneText('approve', approved)).toBe('Comprobante aprobado: recibo N.º 12');
    expect(actionDoneText('record', answer())).toBe('Abono registrado');
    expect(actionDoneText('exempt', answer({ payment: payment(1, { status: 'exempt' }) }))).toBe(
      'Pago exonerado',
    );
    expect(actionDoneText('exempt', answer())).toBe('Pago actualizado');
    expect(bulkDoneText({ action: 'remind', succeeded: 1, failed: 0, results: [] })).toBe(
      '1 pago procesado',
    );
    expect(bulkDoneText({ action: 'remind', succeeded: 3, failed: 2, results: [] })).toBe(
      '3 pagos procesados, 2 no se pudieron procesar',
    );
    const family = (reached: boolean) => ({
      name: 'Familia de Marta',
      players: ['Ana'],
      payment_ids: [1],
      emails: [],
      in_app: reached,
      whatsapp_url: 'https://wa.me/?text=Hola',
      whatsapp_phone: false,
      reached,
      summary: '',
    });
    expect(
      bulkDoneText({
        action: 'remind',
        succeeded: 3,
        failed: 0,
        results: [],
        families: [family(true), family(true), family(false)],
      }),
    ).toBe('3 pagos procesados; recordatorio enviado a 2 de 3 familias');
  });
});

describe('the machines with these effects', () => {
  it('sends the action once and closes on the answer with its toast', async () => {
    const act = vi.fn().mockResolvedValue(answer({ payment: payment(2, { status: 'cancelled' }) }));
    const toast = vi.fn();
    const actor = createActor(
      paymentActionMachine.provide(createPaymentActionImplementations({ act, toast })),
      { input: PAYMENT_ACTION_OPTIONS },
    ).start();
    actor.send({ type: 'save.open', subject: { kind: 'cancel', paymentId: 2 } });
    actor.send({ type: 'save.submit', values: { kind: 'reason', reason: 'Se retiró' } });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(act).toHaveBeenCalledExactlyOnceWith({
      kind: 'cancel',
      paymentId: 2,
      reason: 'Se retiró',
    });
    expect(toast).toHaveBeenCalledExactlyOnceWith('Pago anulado');
  });

  it('keeps the bulk result on screen and sends the ids chosen, the reason when given', async () => {
    const result = { action: 'exempt' as const, succeeded: 2, failed: 0, results: [] };
    const bulk = vi.fn().mockResolvedValue(result);
    const toast = vi.fn();
    const actor = createActor(
      paymentBulkMachine.provide(createPaymentBulkImplementations({ bulk, toast })),
      { input: PAYMENT_BULK_OPTIONS },
    ).start();
    actor.send({ type: 'save.open', subject: { action: 'exempt', paymentIds: [4, 9] } });
    actor.send({ type: 'save.submit', values: { reason: 'Beca' } });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(bulk).toHaveBeenCalledExactlyOnceWith({
      action: 'exempt',
      payment_ids: [4, 9],
      reason: 'Beca',
    });
    expect(actor.getSnapshot().context.saved).toBe(result);
    expect(toast).toHaveBeenCalledExactlyOnceWith('2 pagos procesados');
  });
});
