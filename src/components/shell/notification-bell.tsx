import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import type { MouseEvent } from 'react';

/** Above this the badge reads '99+' (spec §9). */
export const UNREAD_BADGE_MAX = 99;

/**
 * The bell's name: the count the badge shows is part of it (WCAG 2.5.3, label in name), and
 * a screen reader hears it.
 */
export const bellLabel = (unreadCount: number) =>
  unreadCount > 0
    ? `Notificaciones: ${unreadCount > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : unreadCount} sin leer`
    : 'Notificaciones';

export interface NotificationBellProps {
  unreadCount: number;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  /** Whether its dropdown is open. */
  expanded?: boolean;
  /** Hover or focus: the dropdown's code may start loading. */
  onPreload?: () => void;
}

/** The bell of the top bar with its unread badge (hidden at 0). */
export function NotificationBell(props: NotificationBellProps) {
  const { unreadCount, onClick, expanded = false, onPreload } = props;
  return (
    <IconButton
      aria-label={bellLabel(unreadCount)}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onClick={onClick}
      onMouseEnter={onPreload}
      onFocus={onPreload}
      color="inherit"
    >
      {/* No content at 0: a hidden '0' would still be text the name does not say. */}
      <Badge
        badgeContent={unreadCount > 0 ? unreadCount : undefined}
        max={UNREAD_BADGE_MAX}
        color="error"
      >
        <NotificationsOutlined />
      </Badge>
    </IconButton>
  );
}
