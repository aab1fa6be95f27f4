import MoreVert from '@mui/icons-material/MoreVert';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import {
  notificationPriorityLabels,
  type NotificationItem,
} from '../../../contract/notifications.schema';
import { NotificationText } from './notification-text';
import { NotificationTypeIcon, priorityColor } from './notification-type-icon';

export interface NotificationCentreItemProps {
  item: NotificationItem;
  /** A change is in flight: the item's actions wait (one at a time). */
  busy: boolean;
  onOpen: () => void;
  onRead: () => void;
  onArchive: () => void;
  /** Asks first (the confirmation dialog), then deletes. */
  onDelete: () => void;
}

/** One notification of the centre: opens on click, with its menu (⋮) of actions. */
export function NotificationCentreItem(props: NotificationCentreItemProps) {
  const { item, busy, onOpen, onRead, onArchive, onDelete } = props;
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const act = (action: () => void) => () => {
    setMenu(null);
    action();
  };
  return (
    <ListItem
      disablePadding
      divider
      secondaryAction={
        <IconButton
          edge="end"
          aria-label="Acciones de la notificación"
          aria-haspopup="menu"
          aria-expanded={menu !== null}
          onClick={(event) => setMenu(event.currentTarget)}
        >
          <MoreVert />
        </IconButton>
      }
    >
      <ListItemButton onClick={onOpen} alignItems="flex-start" sx={{ gap: 1.5, pr: 7 }}>
        <ListItemIcon sx={{ minWidth: 0, mt: 0.25 }}>
          <NotificationTypeIcon type={item.type} />
        </ListItemIcon>
        <NotificationText item={item} />
        <Chip
          size="small"
          variant="outlined"
          color={priorityColor(item.priority)}
          label={notificationPriorityLabels[item.priority]}
          // The priority's colour on the border; the words in the text colour (contrast 4.5:1).
          sx={{ flexShrink: 0, color: 'text.primary' }}
        />
      </ListItemButton>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {!item.is_read && (
          <MenuItem disabled={busy} onClick={act(onRead)}>
            Marcar como leída
          </MenuItem>
        )}
        <MenuItem disabled={busy} onClick={act(onArchive)}>
          Archivar
        </MenuItem>
        <MenuItem disabled={busy} onClick={act(onDelete)}>
          Eliminar
        </MenuItem>
      </Menu>
    </ListItem>
  );
}
