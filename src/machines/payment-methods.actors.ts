import { fromPromise } from 'xstate';
import type {
  ClubPaymentMethod,
  ClubPaymentMethodRequest,
} from '../../contract/payment-methods.schema';
import { toRequestFailure } from '../lib/request-failure';
import { saveFor, type SaveImplementations } from './save.machine';
import type { Toast } from './toast';

/*
 * The 'Medios de pago' screen's cards with their effects (STYLE.md §2): each card saves
 * its method's choice through the one save machine. The API call is a plain function
 * described here; src/api/payment-methods.api.ts's mutation (which refreshes the list)
 * satisfies it, tests pass fakes.
 */

/** One card's form: a page section, not a dialog; after a save it stays editable. */
export const paymentMethodMachine = saveFor<never, ClubPaymentMethodRequest, ClubPaymentMethod>();

export const PAYMENT_METHOD_OPTIONS = { dialog: false, afterSave: 'edit' } as const;

export interface PaymentMethodDeps {
  /** The method the card is about (its reference id names it to the server). */
  methodId: number;
  updatePaymentMethod: (
    change: ClubPaymentMethodRequest & { methodId: number },
  ) => Promise<ClubPaymentMethod>;
  toast: Toast;
  /** Puts what the server stored back on the card (its trimmed or cleared details). */
  showSaved: (method: ClubPaymentMethod) => void;
}

/** What the toast says the server stored (trap 3: never what the form meant to send). */
export const savedMessage = (method: ClubPaymentMethod): string =>
  `${method.name}: ${method.accepted ? 'aceptado' : 'no aceptado'}. Cambios guardados`;

export function createPaymentMethodImplementations(deps: PaymentMethodDeps) {
  return {
    actors: {
      save: fromPromise<
        ClubPaymentMethod,
        { subject: never | null; values: ClubPaymentMethodRequest }
      >(async ({ input }) => {
        try {
          return await deps.updatePaymentMethod({ methodId: deps.methodId, ...input.values });
        } catch (error) {
          // The refusal also stays on the card (the machine's failure); the toast says it
          // where the person is looking, with the server's own words.
          deps.toast(toRequestFailure(error).message, { variant: 'destructive' });
          throw error;
        }
      }),
    },
    actions: {
      notifySaved: (_, { output }) => {
        deps.showSaved(output);
        deps.toast(savedMessage(output));
      },
    },
  } satisfies SaveImplementations<never, ClubPaymentMethodRequest, ClubPaymentMethod>;
}
