import { useState } from 'react';
import { useCreateCharge, useRemoveCharge, useUpdateCharge } from '../../api/charges.api';
import { toast } from '../../components/toaster';
import {
  chargeDeleteMachine,
  chargeDialogMachine,
  createChargeDeleteImplementations,
  createChargeDialogImplementations,
} from '../../machines/charges.actors';

/*
 * The charges screen's machines with this screen's dependencies, each made once per
 * screen (STYLE.md §2); what they do is in src/machines/charges.actors.ts.
 */

/** 'Nuevo cobro' / 'Editar': the save machine as a dialog that closes once saved. */
export function useChargeDialogLogic(clubId: number) {
  const create = useCreateCharge(clubId);
  const update = useUpdateCharge(clubId);
  const [logic] = useState(() =>
    chargeDialogMachine.provide(
      createChargeDialogImplementations({
        createCharge: (values) => create.mutateAsync(values),
        updateCharge: (change) => update.mutateAsync(change),
        toast,
      }),
    ),
  );
  return logic;
}

/** 'Eliminar': asks, deletes, and tells the server's answer (a refusal as it said it). */
export function useChargeDeleteLogic(clubId: number) {
  const remove = useRemoveCharge(clubId);
  const [logic] = useState(() =>
    chargeDeleteMachine.provide(
      createChargeDeleteImplementations({
        removeCharge: (id) => remove.mutateAsync(id),
        toast,
      }),
    ),
  );
  return logic;
}
