import { useState } from 'react';
import { actOnPayment } from '../../api/payment-actions.api';
import { bulkPayments } from '../../api/payment-bulk.api';
import { useGeneratePayments } from '../../api/payment-generation.api';
import { useInvalidatePayments } from '../../api/payments.api';
import { toast } from '../../components/toaster';
import {
  createPaymentActionImplementations,
  createPaymentBulkImplementations,
  createPaymentGenerationImplementations,
  paymentActionMachine,
  paymentBulkMachine,
  paymentGenerationMachine,
} from '../../machines/payments.actors';

/*
 * The payments screen's machines with this screen's dependencies, made once per screen
 * (STYLE.md §2); what they do is in src/machines/payments.actors.ts.
 */

/** 'Generar cobros del periodo': the save machine as a dialog that shows the answer. */
export function usePaymentGenerationLogic(clubId: number) {
  const generate = useGeneratePayments(clubId);
  const [logic] = useState(() =>
    paymentGenerationMachine.provide(
      createPaymentGenerationImplementations({
        generatePayments: (period) => generate.mutateAsync(period),
        toast,
      }),
    ),
  );
  return logic;
}

/** The drawer's actions: each sends one request, then the list, figures and drawer refresh. */
export function usePaymentActionLogic(clubId: number) {
  const refresh = useInvalidatePayments(clubId);
  const [logic] = useState(() =>
    paymentActionMachine.provide(
      createPaymentActionImplementations({
        act: async (action) => {
          const answer = await actOnPayment(clubId, action);
          await refresh();
          return answer;
        },
        toast,
      }),
    ),
  );
  return logic;
}

/** The bulk actions on the selected payments, then a refresh of what they changed. */
export function usePaymentBulkLogic(clubId: number) {
  const refresh = useInvalidatePayments(clubId);
  const [logic] = useState(() =>
    paymentBulkMachine.provide(
      createPaymentBulkImplementations({
        bulk: async (body) => {
          const answer = await bulkPayments(clubId, body);
          await refresh();
          return answer;
        },
        toast,
      }),
    ),
  );
  return logic;
}
