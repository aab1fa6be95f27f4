import { fromPromise } from 'xstate';
import type { PaymentGenerationResult } from '../../contract/payment-generation.schema';
import { saveFor, type SaveImplementations, type SaveRequest } from './save.machine';
import type { Toast } from './toast';

/*
 * The payments screen's flow with its effects (STYLE.md §2): 'Generar cobros del periodo'
 * is the save machine as a dialog that keeps the server's answer on screen. The dialog
 * opens on a period (its subject), shows the preview, and 'Generar' saves once.
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
