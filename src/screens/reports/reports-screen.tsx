import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ReportCard } from './report-card';
import { reportCards } from './reports.content';

/**
 * Reportes del Sistema (`/home/admin/reports`, super admin): the platform's reports,
 * generated and streamed by the server (docs/platform.md).
 */
export function ReportsScreen() {
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Reportes del Sistema
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Descarga los datos de toda la plataforma en CSV o Excel. Los reportes grandes se generan por
        partes y ves el avance mientras llegan.
      </Typography>
      <Stack spacing={3}>
        {reportCards.map((card) => (
          <ReportCard key={card.report} card={card} />
        ))}
      </Stack>
    </Box>
  );
}
