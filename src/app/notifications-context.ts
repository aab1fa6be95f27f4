import { createActorContext } from '@xstate/react';
import { notificationsMachine } from '../machines/notifications.machine';

/**
 * The app-wide notifications actor. Started once inside the authenticated shell by
 * NotificationsProvider (src/app/notifications-provider.tsx) with the real effects; the
 * bell, its dropdown and the centre read it with `NotificationsContext.useSelector(select…)`
 * and send events through `NotificationsContext.useActorRef()`.
 */
export const NotificationsContext = createActorContext(notificationsMachine);
