import { fromPromise } from 'xstate';
import type { Charge, ChargeCreateInput } from '../../contract/charges.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import { saveFor, type SaveImplementations } from './save.machine';
import type { Toast } from './toast';

/*
 * The charges screen's flows with their effects (STYLE.md §2): the API calls are plain
 * functions described here; src/api/charges.api.ts's mutations (which refresh the grid)
 * satisfy them, tests pass fakes.
 */

/** The charge the dialog edits; null opens it on a new one ('Nuevo cobro'). */
export type ChargeToEdit = Charge | null;

/**
 * The dialog's fields, as the contract's create schema reads them; editing a charge's
 * amount adds the reason of the price change.
 */
export type ChargeValues = ChargeCreateInput & { price_change_reason?: string };

/** The dialog opens on a charge (or none, to create one), saves once and closes. */
export const chargeDialogMachine = saveFor<ChargeToEdit, ChargeValues, Charge>();

export const CHARGE_DIALOG_OPTIONS = { dialog: true, afterSave: 'close' } as const;

export interface ChargeDialogDeps {
  createCharge: (values: ChargeValues) => Promise<Charge>;
  updateCharge: (change: { id: number; values: ChargeValues }) => Promise<Charge>;
  toast: Toast;
}

export function createChargeDialogImplementations(deps: ChargeDialogDeps) {
  return {
    actors: {
      save: fromPromise<Charge, { subject: ChargeToEdit | null; values: ChargeValues }>(
        ({ input: { subject, values } }) =>
          subject ? deps.updateCharge({ id: subject.id, values }) : deps.createCharge(values),
      ),
    },
    actions: {
      notifySaved: (_, { subject, output }) =>
        deps.toast(subject ? `Cobro ${output.name} actualizado` : `Cobro ${output.name} creado`),
    },
  } satisfies SaveImplementations<ChargeToEdit, ChargeValues, Charge>;
}

/** The charge 'Eliminar' is about. */
export type ChargeToDelete = Pick<Charge, 'id' | 'name'>;

/** 'Eliminar' on a charge: always asked first. */
export const chargeDeleteMachine = confirmActionFor<ChargeToDelete, void>();

export interface ChargeDeleteDeps {
  removeCharge: (id: number) => Promise<unknown>;
  toast: Toast;
}

export function createChargeDeleteImplementations(deps: ChargeDeleteDeps) {
  return {
    actors: {
      run: fromPromise<void, { subject: ChargeToDelete }>(async ({ input }) => {
        await deps.removeCharge(input.subject.id);
      }),
    },
    actions: {
      notifyDone: () => deps.toast('Cobro eliminado'),
      // The server says why (a charge with price history: deactivate it), as it said it.
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<ChargeToDelete, void>;
}
