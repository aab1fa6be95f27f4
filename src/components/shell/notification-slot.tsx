import { lazy, Suspense } from 'react';
import { NotificationBell } from './notification-bell';
import type { NotificationMenuProps } from './notification-menu';

/*
 * The notifications machine, its polling and the dropdown load just after the shell
 * draws, so the dashboard's first load stays within its budget (issue 9); meanwhile the
 * bell shows without a count.
 */
const NotificationMenu = lazy(() =>
  import('./notification-menu').then((module) => ({ default: module.NotificationMenu })),
);

/** Where the top bar puts the bell. */
export function NotificationSlot(props: NotificationMenuProps) {
  return (
    <Suspense fallback={<NotificationBell unreadCount={0} />}>
      <NotificationMenu {...props} />
    </Suspense>
  );
}
