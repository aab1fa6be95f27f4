import { useState } from 'react';
import { useCreateTrainer, useRemoveTrainer, useUpdateTrainer } from '../../api/trainers.api';
import { toast } from '../../components/toaster';
import {
  createTrainerDeleteImplementations,
  createTrainerDialogImplementations,
  trainerDeleteMachine,
  trainerDialogMachine,
} from '../../machines/trainers.actors';

/*
 * The trainers screen's machines with this screen's dependencies, each made once per
 * screen (STYLE.md §2); what they do is in src/machines/trainers.actors.ts. Each row's
 * status switch makes its own actor (src/components/status-switch.tsx).
 */

/** 'Nuevo entrenador' / 'Editar': the save machine as a dialog that closes once saved. */
export function useTrainerDialogLogic(clubId: number) {
  const create = useCreateTrainer(clubId);
  const update = useUpdateTrainer(clubId);
  const [logic] = useState(() =>
    trainerDialogMachine.provide(
      createTrainerDialogImplementations({
        createTrainer: (values) => create.mutateAsync(values),
        updateTrainer: (change) => update.mutateAsync(change),
        toast,
      }),
    ),
  );
  return logic;
}

/** 'Eliminar': asks, takes the trainer out of the club, and tells the server's answer. */
export function useTrainerDeleteLogic(clubId: number) {
  const remove = useRemoveTrainer(clubId);
  const [logic] = useState(() =>
    trainerDeleteMachine.provide(
      createTrainerDeleteImplementations({
        removeTrainer: (id) => remove.mutateAsync(id),
        toast,
      }),
    ),
  );
  return logic;
}
