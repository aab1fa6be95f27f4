import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { HealthSection } from './health-section';
import { SettingsSection } from './settings-section';

/**
 * Panel Super Admin (`/home/admin/super-admin-panel`): the platform's health at a glance
 * and its settings (WhatsApp number, plans). docs/platform.md.
 */
export function SuperAdminPanelScreen() {
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Panel Super Admin
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        El estado de la plataforma y su configuración general.
      </Typography>
      <Stack spacing={4}>
        <HealthSection />
        <SettingsSection />
      </Stack>
    </Box>
  );
}
