import { lazy, Suspense, useState, type ReactNode } from 'react';
import { NotificationsContext } from '../../app/notifications-context';
import { NotificationsProvider } from '../../app/notifications-provider';
import { selectCentreOpen } from '../../machines/notifications.selectors';
import { AnnounceButton } from '../../screens/announcements/announce-button';
import { NotificationDropdown } from '../notifications/notification-dropdown';
import { NotificationBell } from './notification-bell';
import { useUnreadNotificationCount } from './use-unread-count';

/* The centre loads on the bell's first hover, focus or click. */
const loadCentre = () => import('../notifications/notification-centre');
const NotificationCentre = lazy(() =>
  loadCentre().then((module) => ({ default: module.NotificationCentre })),
);
const preloadCentre = () => void loadCentre().catch(() => {});

export interface NotificationMenuProps {
  /** The centre header's action; by default 'Enviar anuncio' for those who may send one. */
  centreHeaderAction?: ReactNode;
}

/** The bell, its dropdown of the latest 5 and the centre, reading the running actor. */
function BellAndCentre({ centreHeaderAction = <AnnounceButton /> }: NotificationMenuProps) {
  const unread = useUnreadNotificationCount();
  const centreOpen = NotificationsContext.useSelector(selectCentreOpen);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from its first opening on, so closing it animates.
  const [centreUsed, setCentreUsed] = useState(false);
  if (centreOpen && !centreUsed) setCentreUsed(true);

  return (
    <>
      <NotificationBell
        unreadCount={unread}
        expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        onPreload={preloadCentre}
      />
      {anchor && <NotificationDropdown anchorEl={anchor} onClose={() => setAnchor(null)} />}
      {(centreOpen || centreUsed) && (
        <Suspense fallback={null}>
          <NotificationCentre headerAction={centreHeaderAction} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The notifications of the top bar: the app-wide notifications actor (started here, once,
 * inside the authenticated shell) around the bell, its dropdown and the centre. Loaded
 * right after the shell draws (src/components/shell/notification-slot.tsx).
 */
export function NotificationMenu(props: NotificationMenuProps) {
  return (
    <NotificationsProvider>
      <BellAndCentre {...props} />
    </NotificationsProvider>
  );
}
