import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { NotificationItem } from '../../../contract/notifications.schema';

/** 'Hace 5 min · Club Deportivo Demo' (platform-wide ones have no club). */
export const notificationMeta = (item: NotificationItem) =>
  [item.time_ago, item.club_name ?? item.club?.name].filter(Boolean).join(' · ');

/**
 * What a notification says, as the dropdown and the centre show it: the title (bold while
 * unread, with a dot a screen reader hears as 'Sin leer'), the message and when and where.
 */
export function NotificationText({ item }: { item: NotificationItem }) {
  return (
    <Box sx={{ minWidth: 0, flexGrow: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography
          variant="body2"
          component="span"
          sx={{ fontWeight: item.is_read ? 400 : 700, overflowWrap: 'anywhere' }}
        >
          {item.title}
        </Typography>
        {!item.is_read && (
          <Box
            component="span"
            data-testid="unread-dot"
            sx={{
              width: 8,
              height: 8,
              borderRadius: '50%',
              bgcolor: 'primary.main',
              flexShrink: 0,
            }}
          >
            <span style={visuallyHidden}>Sin leer</span>
          </Box>
        )}
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          overflowWrap: 'anywhere',
        }}
      >
        {item.message}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {notificationMeta(item)}
      </Typography>
    </Box>
  );
}
