import { describe, expect, it } from 'vitest';
import { paymentRecordCreateSchema } from '../../contract/payment-actions.schema';
import { paymentProofFieldsSchema } from '../../contract/payment-proofs.schema';

/** The message of each refused field, by its name. */
function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map(({ path, message }) => [String(path[0]), message]),
  );
}

const proof = { amount: '50000', payment_method_id: '3', paid_on: '2026-12-05' };

describe("the proof of payment's messages, as a family reads them", () => {
  it('asks to choose a payment method when none is chosen or the value is not one', () => {
    for (const payment_method_id of ['', '0', 'abc', '-1']) {
      const messages = messagesOf(
        paymentProofFieldsSchema.safeParse({ ...proof, payment_method_id }),
      );
      expect(messages.payment_method_id).toBe('Elige un medio de pago');
    }
  });

  it('says how to write the amount and pick the date, with no number types or date formats', () => {
    const messages = messagesOf(
      paymentProofFieldsSchema.safeParse({ amount: '50.5', payment_method_id: '', paid_on: '' }),
    );
    expect(messages).toEqual({
      amount: 'Escribe el valor en pesos, sin decimales',
      payment_method_id: 'Elige un medio de pago',
      paid_on: 'Elige una fecha de pago válida',
    });
    for (const message of Object.values(messages)) {
      expect(message).not.toMatch(/entero|positivo|AAAA|identificador/);
    }
  });

  it('gives staff recording money the same messages', () => {
    const messages = messagesOf(
      paymentRecordCreateSchema.safeParse({ amount: 1000, payment_method_id: '', paid_on: 'x' }),
    );
    expect(messages).toEqual({
      payment_method_id: 'Elige un medio de pago',
      paid_on: 'Elige una fecha de pago válida',
    });
  });
});
