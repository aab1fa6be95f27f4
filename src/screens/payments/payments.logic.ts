import { useState } from 'react';
import { useGeneratePayments } from '../../api/payments.api';
import { toast } from '../../components/toaster';
import {
  createPaymentGenerationImplementations,
  paymentGenerationMachine,
} from '../../machines/payments.actors';

/*
 * The payments screen's machine with this screen's dependencies, made once per screen
 * (STYLE.md §2); what it does is in src/machines/payments.actors.ts.
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
