import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { NotificationsContext } from '../../app/notifications-context';
import { ConfirmDialog } from '../confirm-dialog';
import { useConfirmActor } from '../use-machine-flow';
import {
  createNotificationDeleteImplementations,
  notificationDeleteMachine,
} from '../../machines/notifications-delete.actors';

/** The confirm-action actor of the centre's 'Eliminar': asks, then tells the notifications actor. */
export function useNotificationDelete() {
  const notifications = NotificationsContext.useActorRef();
  const [logic] = useState(() =>
    notificationDeleteMachine.provide(
      createNotificationDeleteImplementations({
        remove: (id) => notifications.send({ type: 'notifications.remove', id }),
      }),
    ),
  );
  return useActorRef(logic);
}

/** '¿Eliminar la notificación?' while the centre's delete asks. */
export function NotificationDeleteConfirm({
  remover,
}: {
  remover: ActorRefFrom<typeof notificationDeleteMachine>;
}) {
  const { asking, cancel, confirm } = useConfirmActor(remover);
  return (
    <ConfirmDialog
      open={asking !== null}
      title="¿Eliminar la notificación?"
      text={`«${asking?.title ?? ''}» se borra de tus notificaciones.`}
      confirmLabel="Eliminar"
      onCancel={cancel}
      onConfirm={confirm}
    />
  );
}
