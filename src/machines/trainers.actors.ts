import { fromPromise } from 'xstate';
import type {
  Trainer,
  TrainerCreateInput,
  TrainerUpdateInput,
} from '../../contract/trainers.schema';
import type { SavedOrRequested } from '../lib/saved-or-requested';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import { saveFor, type SaveImplementations } from './save.machine';
import type { Toast } from './toast';

/*
 * The trainers screen's flows with their effects (STYLE.md §2): the API calls are plain
 * functions described here; src/api/trainers.api.ts's mutations (which refresh the grid)
 * satisfy them, tests pass fakes. The status switch of each row is
 * src/machines/status-toggle.actors.ts.
 */

/** "Ana Pérez". */
export const trainerName = (trainer: Pick<Trainer, 'name' | 'lastname'>) =>
  `${trainer.name} ${trainer.lastname}`.trim();

/** The trainer the dialog edits; null opens it on a new one ('Nuevo entrenador'). */
export type TrainerToEdit = Trainer | null;

/** The dialog's values: a new trainer's fields, or the fields an edit changes. */
export type TrainerValues = TrainerCreateInput | TrainerUpdateInput;

/** What the server answers a save: the trainer and, when an invitation went out, its message. */
export interface TrainerSaveAnswer {
  data: Trainer;
  message?: string;
}

/** What a save gave: the trainer, or (issue #33) a link request the person must accept. */
export type TrainerSaveOutcome = SavedOrRequested<TrainerSaveAnswer>;

/** The dialog opens on a trainer (or none, to add one), saves once and closes. */
export const trainerDialogMachine = saveFor<TrainerToEdit, TrainerValues, TrainerSaveOutcome>();

export const TRAINER_DIALOG_OPTIONS = { dialog: true, afterSave: 'close' } as const;

export interface TrainerDialogDeps {
  /** 201 the trainer, or 202 a link request (the person belongs elsewhere). */
  createTrainer: (values: TrainerCreateInput) => Promise<TrainerSaveOutcome>;
  updateTrainer: (change: { id: number; values: TrainerUpdateInput }) => Promise<TrainerSaveAnswer>;
  toast: Toast;
}

export function createTrainerDialogImplementations(deps: TrainerDialogDeps) {
  return {
    actors: {
      save: fromPromise<TrainerSaveOutcome, { subject: TrainerToEdit; values: TrainerValues }>(
        async ({ input: { subject, values } }) =>
          subject
            ? {
                kind: 'saved',
                saved: await deps.updateTrainer({
                  id: subject.id,
                  values: values as TrainerUpdateInput,
                }),
              }
            : deps.createTrainer(values as TrainerCreateInput),
      ),
    },
    actions: {
      // The server's message says the invitation or the link request went out; else what was done.
      notifySaved: (_, { subject, output }) =>
        deps.toast(
          output.kind === 'requested'
            ? output.request.message
            : (output.saved.message ?? (subject ? 'Entrenador actualizado' : 'Entrenador creado')),
        ),
    },
  } satisfies SaveImplementations<TrainerToEdit, TrainerValues, TrainerSaveOutcome>;
}

/** The trainer 'Eliminar' is about. */
export interface TrainerToDelete {
  id: number;
  name: string;
}

/** 'Eliminar' on a trainer: always asked first; the person leaves the club, their history stays. */
export const trainerDeleteMachine = confirmActionFor<TrainerToDelete, void>();

export interface TrainerDeleteDeps {
  removeTrainer: (id: number) => Promise<unknown>;
  toast: Toast;
}

export function createTrainerDeleteImplementations(deps: TrainerDeleteDeps) {
  return {
    actors: {
      run: fromPromise<void, { subject: TrainerToDelete }>(async ({ input }) => {
        await deps.removeTrainer(input.subject.id);
      }),
    },
    actions: {
      notifyDone: (_, { subject }) => deps.toast(`${subject.name} ya no es entrenador del club`),
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<TrainerToDelete, void>;
}
