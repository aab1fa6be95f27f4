import Box from '@mui/material/Box';
import { Outlet } from 'react-router';

/**
 * The layout of the authenticated pages (/home/*, /admin/*): sidebar, top bar and the
 * page itself in the main area. The router mounts it lazily around those routes.
 */
export function AppShell() {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
