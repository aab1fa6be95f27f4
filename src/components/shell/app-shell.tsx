import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { GuardedOutlet } from '../../app/guarded-outlet';
import { preloadRoute } from '../../app/route-modules';
import { InsideMainContext, MAIN_CONTENT_ID } from './main-landmark';
import { SkipLink } from './skip-link';
import { SIDEBAR_COMPACT_WIDTH, SIDEBAR_WIDTH, Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { UpgradeCard } from './upgrade-card';
import { useCompactSidebar } from './use-compact-sidebar';
import { useShellState } from './use-shell-state';
import { useWelcome } from './use-welcome';
import { WhatsAppButton, whatsAppClearance } from './whatsapp-button';

/**
 * The layout of the authenticated pages (/home/*, /admin/*), spec §2: the sidebar (a
 * permanent column from `md` up, a left drawer below), the top bar, the page in the main
 * area, the WhatsApp help button and the welcome shown after the first login.
 */
export function AppShell() {
  const theme = useTheme();
  // Decided in JS, not CSS, so only one menu exists in the page (one 'Menú principal').
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [compact, toggleCompact] = useCompactSidebar();
  const { pathname } = useLocation();
  // The drawer is open for the page it was opened on: any navigation closes it.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = !isDesktop && drawerOpenOn === pathname;
  const closeDrawer = () => setDrawerOpenOn(null);
  const drawerTitleId = useId();
  const shell = useShellState();
  // The welcome after the first login, once it is due (its code loaded then).
  const Welcome = useWelcome();

  const width = compact ? SIDEBAR_COMPACT_WIDTH : SIDEBAR_WIDTH;
  const menu = (isCompact: boolean, onNavigate?: () => void) => (
    <Sidebar
      sections={shell.sections}
      pathname={pathname}
      compact={isCompact}
      onNavigate={onNavigate}
      onPreload={preloadRoute}
      footer={<UpgradeCard />}
    />
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <SkipLink />
      {isDesktop ? (
        <Drawer
          variant="permanent"
          sx={{
            width,
            flexShrink: 0,
            transition: theme.transitions.create('width'),
            '& .MuiDrawer-paper': { width, boxSizing: 'border-box', overflowX: 'hidden' },
          }}
        >
          {menu(compact)}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          anchor="left"
          open={drawerOpen}
          onClose={closeDrawer}
          slotProps={{
            paper: {
              role: 'dialog',
              'aria-labelledby': drawerTitleId,
              sx: { width: SIDEBAR_WIDTH, maxWidth: '85vw' },
            },
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', pl: 2.5, pr: 1, pt: 1 }}>
            <Typography
              id={drawerTitleId}
              component="h2"
              variant="subtitle2"
              color="text.secondary"
              sx={{ flexGrow: 1 }}
            >
              Menú de navegación
            </Typography>
            <IconButton aria-label="Cerrar menú de navegación" onClick={closeDrawer} size="small">
              <Close fontSize="small" />
            </IconButton>
          </Box>
          {menu(false, closeDrawer)}
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar
          shell={shell}
          isDesktop={isDesktop}
          compact={compact}
          onToggleCompact={toggleCompact}
          onOpenMenu={() => setDrawerOpenOn(pathname)}
        />
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          // Focusable from script only (the skip link), never a Tab stop of its own.
          tabIndex={-1}
          // Room at the end for the help button, which floats at the bottom right.
          sx={{
            flexGrow: 1,
            minWidth: 0,
            pb: whatsAppClearance(pathname),
            '&:focus': { outline: 'none' },
          }}
        >
          <InsideMainContext value>
            <GuardedOutlet />
          </InsideMainContext>
        </Box>
      </Box>
      {/* A landmark of its own: the fixed button is then never content outside landmarks. */}
      <Box component="aside" aria-label="Ayuda por WhatsApp">
        <WhatsAppButton />
      </Box>
      {/* eslint-disable-next-line react-hooks/static-components -- first-login-overlay's own
          component, set once: its identity never changes, so no state is lost. */}
      {Welcome && <Welcome />}
    </Box>
  );
}
