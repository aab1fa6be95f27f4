import SportsSoccerOutlined from '@mui/icons-material/SportsSoccerOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { isItemActive, type SidebarSection, type VisibleSidebarItem } from './sidebar-items';

/** Tooltip of an item that needs a club first. */
export const NEEDS_CLUB_HINT = 'Selecciona un club para continuar';

export const SIDEBAR_WIDTH = 264;
export const SIDEBAR_COMPACT_WIDTH = 72;

interface ItemBehaviour {
  pathname: string;
  compact: boolean;
  /** Called after an item or the logo is clicked (the phone drawer closes). */
  onNavigate?: () => void;
  /** Called when an item is hovered or focused: start loading its page. */
  onPreload?: (route: string) => void;
}

export interface SidebarProps extends ItemBehaviour {
  sections: SidebarSection[];
  /** Shown under the menu unless compact (the upgrade card). */
  footer?: ReactNode;
}

/** The menu of spec §2: logo, the sections `buildSidebar` chose, and a footer. */
export function Sidebar({ sections, footer, ...behaviour }: SidebarProps) {
  const { compact } = behaviour;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Logo compact={compact} onNavigate={behaviour.onNavigate} />
      <Box
        component="nav"
        aria-label="Menú principal"
        sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden', pb: 1 }}
      >
        {sections.map((section, index) => (
          <Section
            key={section.id}
            section={section}
            divided={compact && index > 0}
            {...behaviour}
          />
        ))}
      </Box>
      {!compact && footer}
    </Box>
  );
}

function Logo({ compact, onNavigate }: Pick<ItemBehaviour, 'compact' | 'onNavigate'>) {
  return (
    <Box
      component={RouterLink}
      to="/"
      onClick={onNavigate}
      aria-label={compact ? 'Gestión deportiva' : undefined}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: compact ? 'center' : 'flex-start',
        gap: 1,
        minHeight: 64,
        px: compact ? 0 : 2.5,
        color: 'primary.main',
        textDecoration: 'none',
      }}
    >
      <SportsSoccerOutlined aria-hidden />
      {!compact && (
        <Typography component="span" variant="h6" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          Gestión deportiva
        </Typography>
      )}
    </Box>
  );
}

function Section({
  section,
  divided,
  ...behaviour
}: ItemBehaviour & { section: SidebarSection; divided: boolean }) {
  const headingId = useId();
  const showHeading = section.heading !== null && !behaviour.compact;
  return (
    <>
      {divided && <Divider sx={{ mx: 1.5, my: 0.5 }} />}
      <List
        dense
        disablePadding
        // Compact mode hides the heading text but the list keeps its name for screen readers.
        aria-labelledby={showHeading ? headingId : undefined}
        aria-label={!showHeading && section.heading ? section.heading : undefined}
        subheader={
          showHeading ? (
            <ListSubheader
              id={headingId}
              component="div"
              disableSticky
              sx={{ lineHeight: 2.5, mt: 1 }}
            >
              {section.heading}
            </ListSubheader>
          ) : undefined
        }
        sx={{ px: 1 }}
      >
        {section.items.map((item) => (
          <Item key={item.route} item={item} {...behaviour} />
        ))}
      </List>
    </>
  );
}

function Item({
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
        sx={compact ? visuallyHidden : { my: 0 }}
        slotProps={{ primary: { noWrap: true } }}
      />
    </>
  );
  const itemSx = {
    borderRadius: 1,
    minHeight: 40,
    justifyContent: compact ? 'center' : 'flex-start',
  };

  if (item.disabled) {
    // Greyed, out of the tab order and not a link target; the hint explains why.
    return (
      <Tooltip title={NEEDS_CLUB_HINT} placement="right" describeChild>
        <ListItem disablePadding sx={{ mb: 0.25 }}>
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
    <ListItem disablePadding sx={{ mb: 0.25 }}>
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
