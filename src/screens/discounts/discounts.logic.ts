import { useState } from 'react';
import {
  useAssignDiscountPlayers,
  useCreateDiscount,
  useRemoveDiscount,
  useUpdateDiscount,
} from '../../api/discounts.api';
import { toast } from '../../components/toaster';
import {
  createDiscountDeleteImplementations,
  createDiscountDialogImplementations,
  createDiscountPlayersImplementations,
  discountDeleteMachine,
  discountDialogMachine,
  discountPlayersMachine,
} from '../../machines/discounts.actors';

/*
 * The discounts screen's machines with this screen's dependencies, each made once per
 * screen (STYLE.md §2); what they do is in src/machines/discounts.actors.ts.
 */

/** 'Nuevo descuento' / 'Editar': the save machine as a dialog that closes once saved. */
export function useDiscountDialogLogic(clubId: number) {
  const create = useCreateDiscount(clubId);
  const update = useUpdateDiscount(clubId);
  const [logic] = useState(() =>
    discountDialogMachine.provide(
      createDiscountDialogImplementations({
        createDiscount: (values) => create.mutateAsync(values),
        updateDiscount: (change) => update.mutateAsync(change),
        toast,
      }),
    ),
  );
  return logic;
}

/** 'Eliminar': asks, deletes, and tells the server's answer (a discount in use: why not). */
export function useDiscountDeleteLogic(clubId: number) {
  const remove = useRemoveDiscount(clubId);
  const [logic] = useState(() =>
    discountDeleteMachine.provide(
      createDiscountDeleteImplementations({
        removeDiscount: (id) => remove.mutateAsync(id),
        toast,
      }),
    ),
  );
  return logic;
}

/** 'Asignar jugadores' / 'Asignar descuento': sends who gets and loses it, then closes. */
export function useDiscountPlayersLogic(clubId: number) {
  const assign = useAssignDiscountPlayers(clubId);
  const [logic] = useState(() =>
    discountPlayersMachine.provide(
      createDiscountPlayersImplementations({
        assignPlayers: (change) => assign.mutateAsync(change),
        toast,
      }),
    ),
  );
  return logic;
}
