import { useState } from 'react';
import { useCreateCategory, useRemoveCategory, useUpdateCategory } from '../../api/categories.api';
import { toast } from '../../components/toaster';
import {
  categoryDeleteMachine,
  categoryDialogMachine,
  createCategoryDeleteImplementations,
  createCategoryDialogImplementations,
} from '../../machines/categories.actors';

/*
 * The categories screen's machines with this screen's dependencies, each made once per
 * screen (STYLE.md §2); what they do is in src/machines/categories.actors.ts.
 */

/** 'Nueva categoría' / 'Editar': the save machine as a dialog that closes once saved. */
export function useCategoryDialogLogic(clubId: number) {
  const create = useCreateCategory(clubId);
  const update = useUpdateCategory(clubId);
  const [logic] = useState(() =>
    categoryDialogMachine.provide(
      createCategoryDialogImplementations({
        createCategory: (values) => create.mutateAsync(values),
        updateCategory: (change) => update.mutateAsync(change),
        toast,
      }),
    ),
  );
  return logic;
}

/** 'Eliminar': asks, deletes, and tells the server's answer. */
export function useCategoryDeleteLogic(clubId: number) {
  const remove = useRemoveCategory(clubId);
  const [logic] = useState(() =>
    categoryDeleteMachine.provide(
      createCategoryDeleteImplementations({
        removeCategory: (id) => remove.mutateAsync(id),
        toast,
      }),
    ),
  );
  return logic;
}
