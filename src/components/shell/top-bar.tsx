import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { NotificationSlot } from './notification-slot';
import { UserMenu } from './user-menu';
import type { ShellState } from './use-shell-state';

export const CLUB_TEAM_PATH = '/home/club-team';
export const NO_CLUB_LABEL = 'Sin club seleccionado';

export interface TopBarProps {
  shell: ShellState;
  /** md and up: the compact toggle; below: the button that opens the menu drawer. */
  isDesktop: boolean;
  compact: boolean;
  onToggleCompact: () => void;
  onOpenMenu: () => void;
}

/** The bar above every /home page (spec §2). */
export function TopBar({ shell, isDesktop, compact, onToggleCompact, onOpenMenu }: TopBarProps) {
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
        {isDesktop ? (
          <IconButton
            aria-label={compact ? 'Expandir menú' : 'Contraer menú'}
            onClick={onToggleCompact}
            edge="start"
          >
            {compact ? <MenuIcon /> : <MenuOpen />}
          </IconButton>
        ) : (
          <IconButton aria-label="Abrir menú de navegación" onClick={onOpenMenu} edge="start">
            <MenuIcon />
          </IconButton>
        )}
        {/* Never underlined: toggling compact mode slides the bar under the pointer, which
            then hovers the name (issue #17); the hover shows in the link's colour instead. */}
        <Link
          component={RouterLink}
          to={CLUB_TEAM_PATH}
          noWrap
          underline="none"
          color={shell.clubName ? 'text.primary' : 'text.secondary'}
          sx={{
            minWidth: 0,
            fontWeight: 600,
            fontSize: { xs: '0.95rem', sm: '1rem' },
            '&:hover': { color: 'primary.main' },
          }}
        >
          {shell.clubName ?? NO_CLUB_LABEL}
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <NotificationSlot />
        <Typography
          noWrap
          sx={{ display: { xs: 'none', sm: 'block' }, fontWeight: 500, maxWidth: 200 }}
        >
          {shell.userName}
        </Typography>
        <UserMenu
          initials={shell.initials}
          supportUrl={shell.supportUrl}
          canLogout={shell.canLogout}
          onLogout={shell.logout}
        />
      </Toolbar>
    </AppBar>
  );
}
