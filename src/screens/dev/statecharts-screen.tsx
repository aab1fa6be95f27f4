import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { statechartDocs } from './statechart-docs';
import { StatechartPanel } from './statechart-panel';

/** The machines the app runs once for the whole tab (src/app/live-actors.ts registers them). */
const APP_WIDE = ['auth', 'routeGuard', 'notifications'];

const tabId = (name: string) => `statechart-tab-${name}`;
const panelId = (name: string) => `statechart-panel-${name}`;

/**
 * /dev/statecharts, QA's page (issue #13 item 7): every machine's diagram from
 * docs/statecharts, and for the app-wide actors their current state highlighted and the
 * last events they received, as QA clicks through the app.
 */
export function StatechartsScreen() {
  const [selected, setSelected] = useState(
    () => statechartDocs.find((doc) => doc.machineId === 'auth')?.name ?? statechartDocs[0]?.name,
  );
  const doc = statechartDocs.find((entry) => entry.name === selected);

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: 4, minWidth: 0 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Diagramas de estado
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Las máquinas de estado de la aplicación, generadas con <code>npm run statecharts</code>. En
        auth, routeGuard y notifications se resalta el estado actual de esta pestaña y se listan sus
        últimos eventos.
      </Typography>
      <Tabs
        value={selected}
        onChange={(_, name: string) => setSelected(name)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Máquinas de estado"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {statechartDocs.map((entry) => (
          <Tab
            key={entry.name}
            value={entry.name}
            id={tabId(entry.name)}
            aria-controls={panelId(entry.name)}
            label={
              APP_WIDE.includes(entry.machineId) ? `${entry.machineId} (en vivo)` : entry.machineId
            }
            sx={{ textTransform: 'none' }}
          />
        ))}
      </Tabs>
      {doc ? (
        <Box role="tabpanel" id={panelId(doc.name)} aria-labelledby={tabId(doc.name)}>
          <StatechartPanel key={doc.name} doc={doc} appWide={APP_WIDE.includes(doc.machineId)} />
        </Box>
      ) : (
        <Typography>No hay diagramas en docs/statecharts.</Typography>
      )}
    </Box>
  );
}
