import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { onNotificationsChanged } from '../api/refresh';
import { lazyApi } from '../lib/lazy-api';
import { selectSelectedClubId, selectSessionStatus, selectUser } from '../machines/auth.selectors';
import {
  createNotificationsActions,
  createNotificationsActors,
  type NotificationsApi,
} from '../machines/notifications.actors';
import { notificationsMachine } from '../machines/notifications.machine';
import type { Toast } from '../machines/toast';
import { AuthContext } from './auth-context';
import { liveInspector } from './live-actors';
import { NotificationsContext } from './notifications-context';

/*
 * The notification calls and the toasts load on first use: the shell draws with the
 * machine alone (issue 9's first-load budget), the first poll brings the API layer.
 */
const { api } = lazyApi(() =>
  import('../api/notifications.api').then((module) => module.notificationsApi),
);
const notificationsApi: NotificationsApi = api;
const toast: Toast = (message, options) =>
  void import('../components/toaster').then((module) => module.toast(message, options));

/**
 * Connects the running notifications actor to the session and the page: starts it when
 * someone is signed in, stops it on logout, refetches when the working club changes, and
 * pauses it while the tab is hidden.
 */
function NotificationsWiring() {
  const notifications = NotificationsContext.useActorRef();
  const signedIn = AuthContext.useSelector(
    (snapshot) => selectSessionStatus(snapshot) === 'signedIn' && selectUser(snapshot) !== null,
  );
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  const lastClub = useRef(clubId);

  // First, so a tab opened in the background starts paused.
  useEffect(() => {
    const tell = () =>
      notifications.send({
        type: 'notifications.visibility',
        hidden: document.visibilityState === 'hidden',
      });
    tell();
    document.addEventListener('visibilitychange', tell);
    return () => document.removeEventListener('visibilitychange', tell);
  }, [notifications]);

  useEffect(() => {
    notifications.send({ type: signedIn ? 'notifications.start' : 'notifications.stop' });
  }, [notifications, signedIn]);

  // A write that makes or reads the person's notifications pokes the poll (refresh.ts).
  useEffect(
    () => onNotificationsChanged(() => notifications.send({ type: 'notifications.refresh' })),
    [notifications],
  );

  useEffect(() => {
    if (lastClub.current === clubId) return;
    lastClub.current = clubId;
    notifications.send({ type: 'notifications.clubChanged' });
  }, [notifications, clubId]);

  return null;
}

export interface NotificationsProviderProps {
  /** Replaces the API calls (tests fake them here, at the actor level). */
  api?: NotificationsApi;
  children: ReactNode;
}

const liveOptions = { inspect: liveInspector(notificationsMachine.id) };

/** Starts the app-wide notifications actor with the real effects (STYLE.md §2). */
export function NotificationsProvider({ api: fake, children }: NotificationsProviderProps) {
  // Stable in a data router: the actor is created once.
  const navigate = useNavigate();
  const logic = useMemo(
    () =>
      notificationsMachine.provide({
        actors: createNotificationsActors(fake ?? notificationsApi),
        actions: createNotificationsActions({ toast, navigate: (to) => void navigate(to) }),
      }),
    [navigate, fake],
  );
  return (
    // Its events from the start, for QA's statechart page (src/app/live-actors.ts).
    <NotificationsContext.Provider logic={logic} options={liveOptions}>
      <NotificationsWiring />
      {children}
    </NotificationsContext.Provider>
  );
}
