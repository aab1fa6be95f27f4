import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AuditTab } from './audit-tab';
import { ClubsTab } from './clubs-tab';
import { UsersTab } from './users-tab';

const tabs = [
  { key: 'clubs', label: 'Clubes', Panel: ClubsTab },
  { key: 'users', label: 'Usuarios', Panel: UsersTab },
  { key: 'audit', label: 'Auditoría', Panel: AuditTab },
] as const;

/** /home/admin/system: the platform's clubs, users and audit log (issue #17, super admin). */
export function AdminSystemScreen() {
  const [current, setCurrent] = useState(0);
  const { Panel, key } = tabs[current]!;
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Administración del Sistema
      </Typography>
      <Tabs
        value={current}
        onChange={(_event, value: number) => setCurrent(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Secciones de la administración"
        sx={{ mb: 3 }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            label={tab.label}
            id={`system-tab-${tab.key}`}
            aria-controls={`system-panel-${tab.key}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`system-panel-${key}`} aria-labelledby={`system-tab-${key}`}>
        <Panel />
      </Box>
    </Box>
  );
}
