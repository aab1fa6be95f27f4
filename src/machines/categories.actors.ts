import { fromPromise } from 'xstate';
import type { Category, CategoryCreateInput } from '../../contract/categories.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import { saveFor, type SaveImplementations } from './save.machine';
import type { Toast } from './toast';

/*
 * The categories screen's flows with their effects (STYLE.md §2): the API calls are plain
 * functions described here; src/api/categories.api.ts's mutations (which refresh the grid)
 * satisfy them, tests pass fakes.
 */

/** The category the dialog edits; null opens it on a new one ('Nueva categoría'). */
export type CategoryToEdit = Category | null;

/** The dialog's fields, as the contract's create schema reads them. */
export type CategoryValues = CategoryCreateInput;

/** The dialog opens on a category (or none, to create one), saves once and closes. */
export const categoryDialogMachine = saveFor<CategoryToEdit, CategoryValues, Category>();

export const CATEGORY_DIALOG_OPTIONS = { dialog: true, afterSave: 'close' } as const;

export interface CategoryDialogDeps {
  createCategory: (values: CategoryValues) => Promise<Category>;
  updateCategory: (change: { id: number; values: CategoryValues }) => Promise<Category>;
  toast: Toast;
}

export function createCategoryDialogImplementations(deps: CategoryDialogDeps) {
  return {
    actors: {
      save: fromPromise<Category, { subject: CategoryToEdit | null; values: CategoryValues }>(
        ({ input: { subject, values } }) =>
          subject ? deps.updateCategory({ id: subject.id, values }) : deps.createCategory(values),
      ),
    },
    actions: {
      notifySaved: (_, { subject, output }) =>
        deps.toast(
          subject ? `Categoría ${output.name} actualizada` : `Categoría ${output.name} creada`,
        ),
    },
  } satisfies SaveImplementations<CategoryToEdit, CategoryValues, Category>;
}

/** The category 'Eliminar' is about. */
export type CategoryToDelete = Pick<Category, 'id' | 'name'>;

/** 'Eliminar' on a category: always asked first. */
export const categoryDeleteMachine = confirmActionFor<CategoryToDelete, void>();

export interface CategoryDeleteDeps {
  removeCategory: (id: number) => Promise<unknown>;
  toast: Toast;
}

export function createCategoryDeleteImplementations(deps: CategoryDeleteDeps) {
  return {
    actors: {
      run: fromPromise<void, { subject: CategoryToDelete }>(async ({ input }) => {
        await deps.removeCategory(input.subject.id);
      }),
    },
    actions: {
      notifyDone: () => deps.toast('Categoría eliminada'),
      // The server says why (a category with players: how many), as it said it.
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<CategoryToDelete, void>;
}
