import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { visuallyHidden } from '@mui/utils';
import { Link as RouterLink } from 'react-router';
import { isItemActive, type VisibleSidebarItem } from './sidebar-items';

/** Tooltip of an item that needs a club first. */
export const NEEDS_CLUB_HINT = 'Selecciona un club para continuar';

/** How items behave, shared by every item of the sidebar. */
export interface ItemBehaviour {
  pathname: string;
  compact: boolean;
  /** Called after an item or the logo is clicked (the phone drawer closes). */
  onNavigate?: () => void;
  /** Called when an item is hovered or focused: start loading its page. */
  onPreload?: (route: string) => void;
}

/**
 * One menu entry: a link (marked `aria-current="page"` when current), or, when it needs a
 * club first, a greyed `role="link"` with `aria-disabled` and no target. Compact mode keeps
 * the label as the accessible name (visually hidden) and shows it in a tooltip.
 */
export function SidebarItemLink({
  item,
  pathname,
  compact,
  onNavigate,
  onPreload,
}: ItemBehaviour & { item: VisibleSidebarItem }) {
  const Icon = item.icon;
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: compact ? 0 : 40, justifyContent: 'center', color: 'inherit' }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText
        primary={item.label}
        // Long labels ('Asignación de Roles a Usuarios') wrap rather than lose their end.
        sx={compact ? visuallyHidden : { my: 0.25 }}
      />
    </>
  );
  // 36 px items without gaps keep an owner's whole menu (one label wraps) and the upgrade
  // card within a 1280×800 window, about 36 px to spare, without scrolling (issue #17).
  const itemSx = {
    borderRadius: 1,
    minHeight: 36,
    justifyContent: compact ? 'center' : 'flex-start',
  };

  if (item.disabled) {
    // Greyed, out of the tab order and not a link target; the hint explains why.
    return (
      <Tooltip title={NEEDS_CLUB_HINT} placement="right" describeChild>
        <ListItem disablePadding>
          <ListItemButton component="span" role="link" aria-disabled="true" disabled sx={itemSx}>
            {content}
          </ListItemButton>
        </ListItem>
      </Tooltip>
    );
  }

  const active = isItemActive(item, pathname);
  const link = (
    <ListItemButton
      component={RouterLink}
      to={item.route}
      selected={active}
      aria-current={active ? 'page' : undefined}
      onMouseEnter={() => onPreload?.(item.route)}
      onFocus={() => onPreload?.(item.route)}
      onClick={onNavigate}
      sx={itemSx}
    >
      {content}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding>
      {compact ? (
        <Tooltip title={item.label} placement="right" describeChild>
          {link}
        </Tooltip>
      ) : (
        link
      )}
    </ListItem>
  );
}
