import { fromPromise } from 'xstate';
import type {
  Player,
  PlayerCreateInput,
  PlayerDetail,
  PlayerUpdateInput,
} from '../../contract/players.schema';
import type { SavedOrRequested } from '../lib/saved-or-requested';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import { saveFor, type SaveImplementations } from './save.machine';
import type { Toast } from './toast';

/*
 * The players screens' flows with their effects (STYLE.md §2): the API calls are plain
 * functions described here (machines may not import src/api); src/api/players.api.ts's
 * mutations (which refresh the grid) satisfy them, tests pass fakes.
 */

/** The discounts the player held when the form opened and those chosen now (ids). */
export interface PlayerDiscountsChange {
  before: number[];
  after: number[];
}

/**
 * What the player form hands over: the contract's create or update fields, a photo
 * chosen for a person without an account and, when 'Descuentos' was touched, the
 * discounts (both sent once the player is saved).
 */
export type PlayerFormValues = (PlayerCreateInput | PlayerUpdateInput) & {
  photo?: File | null;
  discounts?: PlayerDiscountsChange | null;
};

/** What a save gave: the player, or (issue #33) a link request the person must accept. */
export type PlayerSaveOutcome = SavedOrRequested<PlayerDetail>;

/** The player form: a page that saves once at a time; a success leaves it. */
export const playerFormMachine = saveFor<never, PlayerFormValues, PlayerSaveOutcome>();

/** A page, not a dialog; `notifySaved` navigates away, so it need not close. */
export const PLAYER_FORM_OPTIONS = { dialog: false, afterSave: 'edit' } as const;

export interface PlayerFormDeps {
  /** The player edited (their id); null creates one. */
  playerId: number | null;
  /** 201 the player, or 202 a link request (the person belongs elsewhere). */
  createPlayer: (values: PlayerCreateInput) => Promise<PlayerSaveOutcome>;
  updatePlayer: (change: { id: number; values: PlayerUpdateInput }) => Promise<PlayerDetail>;
  uploadPhoto: (change: { id: number; photo: File }) => Promise<PlayerDetail>;
  /** Gives (`add`) or takes (`remove`) discount `id` from players (the discount's PATCH). */
  assignDiscount: (change: {
    id: number;
    change: { add: number[]; remove: number[] };
  }) => Promise<unknown>;
  /** Goes back to the players grid. */
  showPlayers: () => void;
  toast: Toast;
}

/**
 * Links and unlinks the saved player's discounts, one discount's PATCH each (a discount
 * is the money's permission, not the player's, so it is its own call). The player is
 * saved by then: a refusal is said, not a failed save to retry.
 */
async function saveDiscounts(
  deps: PlayerFormDeps,
  playerId: number,
  change: PlayerDiscountsChange,
) {
  const added = change.after.filter((id) => !change.before.includes(id));
  const removed = change.before.filter((id) => !change.after.includes(id));
  try {
    for (const id of added)
      await deps.assignDiscount({ id, change: { add: [playerId], remove: [] } });
    for (const id of removed)
      await deps.assignDiscount({ id, change: { add: [], remove: [playerId] } });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.toast(`El jugador se guardó, pero sus descuentos no: ${reason}`, {
      variant: 'destructive',
    });
  }
}

/**
 * Saves, says so ('Jugador creado' / 'Jugador actualizado', or the server's message when a
 * link request went out instead) and goes back to the grid.
 */
export function createPlayerFormImplementations(deps: PlayerFormDeps) {
  const { playerId } = deps;
  return {
    actors: {
      save: fromPromise<PlayerSaveOutcome, { subject: never | null; values: PlayerFormValues }>(
        async ({ input }) => {
          const { photo, discounts, ...values } = input.values;
          const outcome: PlayerSaveOutcome =
            playerId === null
              ? await deps.createPlayer(values as PlayerCreateInput)
              : {
                  kind: 'saved',
                  saved: await deps.updatePlayer({
                    id: playerId,
                    values: values as PlayerUpdateInput,
                  }),
                };
          // A request is not a player yet: there is no one to put the photo on.
          if (outcome.kind === 'requested') return outcome;
          if (discounts) await saveDiscounts(deps, outcome.saved.id, discounts);
          if (!photo) return outcome;
          const saved = outcome.saved;
          // The player is saved: a refused photo is said, not a failed save to retry.
          return {
            kind: 'saved',
            saved: await deps.uploadPhoto({ id: saved.id, photo }).catch((error: unknown) => {
              const reason = error instanceof Error ? error.message : String(error);
              deps.toast(`La foto no se guardó: ${reason}`, { variant: 'destructive' });
              return saved;
            }),
          };
        },
      ),
    },
    actions: {
      notifySaved: (_, { output }) => {
        if (output.kind === 'requested') deps.toast(output.request.message);
        else deps.toast(playerId === null ? 'Jugador creado' : 'Jugador actualizado');
        deps.showPlayers();
      },
    },
  } satisfies SaveImplementations<never, PlayerFormValues, PlayerSaveOutcome>;
}

/** The player 'Eliminar' is about: enough to name them and to call the server. */
export type PlayerToDelete = Pick<Player, 'id' | 'name' | 'lastname'>;

/** 'Eliminar' on a player (they leave the club): always asked first. */
export const playerDeleteMachine = confirmActionFor<PlayerToDelete, void>();

export interface PlayerDeleteDeps {
  removePlayer: (id: number) => Promise<unknown>;
  toast: Toast;
}

export function createPlayerDeleteImplementations(deps: PlayerDeleteDeps) {
  return {
    actors: {
      run: fromPromise<void, { subject: PlayerToDelete }>(async ({ input }) => {
        await deps.removePlayer(input.subject.id);
      }),
    },
    actions: {
      notifyDone: (_, { subject }) =>
        deps.toast(`${subject.name} ${subject.lastname} dejó el club`),
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<PlayerToDelete, void>;
}
