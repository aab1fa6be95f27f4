import { useState } from 'react';
import type { ClubPaymentMethod } from '../../../contract/payment-methods.schema';
import { useUpdatePaymentMethod } from '../../api/payment-methods.api';
import { toast } from '../../components/toaster';
import {
  createPaymentMethodImplementations,
  paymentMethodMachine,
} from '../../machines/payment-methods.actors';

/** One card's save machine with this screen's dependencies, made once per card (STYLE.md §2). */
export function usePaymentMethodLogic(
  clubId: number,
  methodId: number,
  showSaved: (method: ClubPaymentMethod) => void,
) {
  const update = useUpdatePaymentMethod(clubId);
  const [logic] = useState(() =>
    paymentMethodMachine.provide(
      createPaymentMethodImplementations({
        methodId,
        updatePaymentMethod: (change) => update.mutateAsync(change),
        toast,
        showSaved,
      }),
    ),
  );
  return logic;
}
