import { fromPromise } from 'xstate';
import type {
  Trainer,
  TrainerCreateInput,
  TrainerUpdateInput,
} from '../../contract/trainers.schema';
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

/** The dialog opens on a trainer (or none, to add one), saves once and closes. */
export const trainerDialogMachine = saveFor<TrainerToEdit, TrainerValues, TrainerSaveAnswer>();

export const TRAINER_DIALOG_OPTIONS = { dialog: true, afterSave: 'close' } as const;

export interface TrainerDialogDeps {
  createTrainer: (values: TrainerCreateInput) => Promise<TrainerSaveAnswer>;
  updateTrainer: (change: { id: number; values: TrainerUpdateInput }) => Promise<TrainerSaveAnswer>;
  toast: Toast;
}

export function createTrainerDialogImplementations(deps: TrainerDialogDeps) {
  return {
    actors: {
      save: fromPromise<TrainerSaveAnswer, { subject: TrainerToEdit; values: TrainerValues }>(
        ({ input: { subject, values } }) =>
          subject
            ? deps.updateTrainer({ id: subject.id, values: values as TrainerUpdateInput })
            : deps.createTrainer(values as TrainerCreateInput),
      ),
    },
    actions: {
      // The server's message says the invitation went out; else what was done.
      notifySaved: (_, { subject, output }) =>
        deps.toast(output.message ?? (subject ? 'Entrenador actualizado' : 'Entrenador creado')),
    },
  } satisfies SaveImplementations<TrainerToEdit, TrainerValues, TrainerSaveAnswer>;
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
