import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { NotificationsContext } from '../../app/notifications-context';
import { selectDropdown } from '../../machines/notifications.selectors';
import { NotificationText } from './notification-text';
import { NotificationTypeIcon } from './notification-type-icon';

export interface NotificationDropdownProps {
  /** The bell it hangs from. */
  anchorEl: HTMLElement;
  onClose: () => void;
}

/**
 * The bell's dropdown (SPEC §2): the 5 latest notifications, each opening its screen (and
 * marked read), and 'Ver todas las notificaciones', which opens the centre. Loaded on the
 * first click of the bell.
 */
export function NotificationDropdown({ anchorEl, onClose }: NotificationDropdownProps) {
  const notifications = NotificationsContext.useActorRef();
  const items = NotificationsContext.useSelector(selectDropdown);
  const titleId = useId();

  const open = (id: number) => {
    onClose();
    notifications.send({ type: 'notifications.open', id });
  };
  const openCentre = () => {
    onClose();
    notifications.send({ type: 'notifications.centreOpen' });
  };

  return (
    <Popover
      open
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: 360, maxWidth: 'calc(100vw - 16px)' },
        },
      }}
    >
      <Typography id={titleId} component="h2" variant="subtitle1" sx={{ px: 2, py: 1.5 }}>
        Notificaciones
      </Typography>
      <Divider />
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          No hay notificaciones
        </Typography>
      ) : (
        <List disablePadding aria-labelledby={titleId}>
          {items.map((item) => (
            <ListItemButton
              key={item.id}
              onClick={() => open(item.id)}
              alignItems="flex-start"
              sx={{ gap: 1.5 }}
            >
              <ListItemIcon sx={{ minWidth: 0, mt: 0.25 }}>
                <NotificationTypeIcon type={item.type} />
              </ListItemIcon>
              <NotificationText item={item} />
            </ListItemButton>
          ))}
        </List>
      )}
      <Divider />
      <Button fullWidth onClick={openCentre} sx={{ py: 1.25, borderRadius: 0 }}>
        Ver todas las notificaciones
      </Button>
    </Popover>
  );
}
