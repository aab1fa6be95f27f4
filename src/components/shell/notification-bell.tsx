import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';

/** Above this the badge reads '99+' (spec §9). */
export const UNREAD_BADGE_MAX = 99;

export interface NotificationBellProps {
  unreadCount: number;
  onClick?: () => void;
}

/** The bell of the top bar with its unread badge (hidden at 0). */
export function NotificationBell({ unreadCount, onClick }: NotificationBellProps) {
  return (
    <IconButton aria-label="Notificaciones" onClick={onClick} color="inherit">
      <Badge badgeContent={unreadCount} max={UNREAD_BADGE_MAX} color="error">
        <NotificationsOutlined />
      </Badge>
    </IconButton>
  );
}
