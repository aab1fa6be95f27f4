import { fromPromise } from 'xstate';
import type {
  Discount,
  DiscountCreateInput,
  DiscountPlayersInput,
} from '../../contract/discounts.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import { saveFor, type SaveImplementations } from './save.machine';
import type { Toast } from './toast';

/*
 * The discounts screen's flows with their effects (STYLE.md §2): the API calls are plain
 * functions described here; src/api/discounts.api.ts's mutations (which refresh the grid)
 * satisfy them, tests pass fakes.
 */

/** The discount the dialog edits; null opens it on a new one ('Nuevo descuento'). */
export type DiscountToEdit = Discount | null;

/** The dialog's fields, as the contract's create schema reads them. */
export type DiscountValues = DiscountCreateInput;

/** The dialog opens on a discount (or none, to create one), saves once and closes. */
export const discountDialogMachine = saveFor<DiscountToEdit, DiscountValues, Discount>();

export const DISCOUNT_DIALOG_OPTIONS = { dialog: true, afterSave: 'close' } as const;

export interface DiscountDialogDeps {
  createDiscount: (values: DiscountValues) => Promise<Discount>;
  updateDiscount: (change: { id: number; values: DiscountValues }) => Promise<Discount>;
  toast: Toast;
}

export function createDiscountDialogImplementations(deps: DiscountDialogDeps) {
  return {
    actors: {
      save: fromPromise<Discount, { subject: DiscountToEdit | null; values: DiscountValues }>(
        ({ input: { subject, values } }) =>
          subject ? deps.updateDiscount({ id: subject.id, values }) : deps.createDiscount(values),
      ),
    },
    actions: {
      notifySaved: (_, { subject, output }) =>
        deps.toast(
          subject ? `Descuento ${output.name} actualizado` : `Descuento ${output.name} creado`,
        ),
    },
  } satisfies SaveImplementations<DiscountToEdit, DiscountValues, Discount>;
}

/** The discount 'Eliminar' is about. */
export type DiscountToDelete = Pick<Discount, 'id' | 'name'>;

/** 'Eliminar' on a discount: always asked first. */
export const discountDeleteMachine = confirmActionFor<DiscountToDelete, void>();

export interface DiscountDeleteDeps {
  removeDiscount: (id: number) => Promise<unknown>;
  toast: Toast;
}

export function createDiscountDeleteImplementations(deps: DiscountDeleteDeps) {
  return {
    actors: {
      run: fromPromise<void, { subject: DiscountToDelete }>(async ({ input }) => {
        await deps.removeDiscount(input.subject.id);
      }),
    },
    actions: {
      notifyDone: () => deps.toast('Descuento eliminado'),
      // The server says why (a discount in use: deactivate it instead), as it said it.
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<DiscountToDelete, void>;
}

/** Who gets and who loses the discount, as `PATCH …/discounts/{id}/players` takes it. */
export type DiscountPlayersValues = DiscountPlayersInput;

/** What the server changed: only the real changes. */
export interface DiscountPlayersChanged {
  added: number[];
  removed: number[];
}

/** 'Asignar jugadores' (and the players grid's 'Asignar descuento'): opens, saves once, closes. */
export const discountPlayersMachine = saveFor<
  Pick<Discount, 'id' | 'name'>,
  DiscountPlayersValues,
  DiscountPlayersChanged
>();

export interface DiscountPlayersDeps {
  assignPlayers: (change: {
    id: number;
    change: DiscountPlayersValues;
  }) => Promise<DiscountPlayersChanged>;
  toast: Toast;
}

const playersText = (n: number) => (n === 1 ? '1 jugador' : `${n} jugadores`);

export function createDiscountPlayersImplementations(deps: DiscountPlayersDeps) {
  return {
    actors: {
      save: fromPromise<
        DiscountPlayersChanged,
        { subject: Pick<Discount, 'id' | 'name'> | null; values: DiscountPlayersValues }
      >(({ input: { subject, values } }) =>
        deps.assignPlayers({ id: subject!.id, change: values }),
      ),
    },
    actions: {
      notifySaved: (_, { subject, output }) => {
        const parts = [
          output.added.length > 0 && `asignado a ${playersText(output.added.length)}`,
          output.removed.length > 0 && `quitado a ${playersText(output.removed.length)}`,
        ].filter(Boolean);
        deps.toast(
          parts.length > 0
            ? `Descuento ${subject?.name ?? ''}: ${parts.join(' y ')}`
            : `Descuento ${subject?.name ?? ''}: sin cambios`,
        );
      },
    },
  } satisfies SaveImplementations<
    Pick<Discount, 'id' | 'name'>,
    DiscountPlayersValues,
    DiscountPlayersChanged
  >;
}

/** The players the grid's selection gives a discount to. */
export interface PlayersToDiscount {
  playerIds: number[];
}

/** The discount chosen for them. */
export interface DiscountChoice {
  discount: Pick<Discount, 'id' | 'name'>;
}

/** The players grid's 'Asignar descuento': choose one, confirm, saves once and closes. */
export const playersDiscountMachine = saveFor<
  PlayersToDiscount,
  DiscountChoice,
  DiscountPlayersChanged
>();

export function createPlayersDiscountImplementations(deps: DiscountPlayersDeps) {
  return {
    actors: {
      save: fromPromise<
        DiscountPlayersChanged,
        { subject: PlayersToDiscount | null; values: DiscountChoice }
      >(({ input: { subject, values } }) =>
        deps.assignPlayers({
          id: values.discount.id,
          change: { add: subject?.playerIds ?? [], remove: [] },
        }),
      ),
    },
    actions: {
      notifySaved: (_, { subject, output }) => {
        const already = (subject?.playerIds.length ?? 0) - output.added.length;
        deps.toast(
          `Descuento asignado a ${playersText(output.added.length)}` +
            (already > 0
              ? ` (${playersText(already)} ya lo tenía${already === 1 ? '' : 'n'})`
              : ''),
        );
      },
    },
  } satisfies SaveImplementations<PlayersToDiscount, DiscountChoice, DiscountPlayersChanged>;
}
