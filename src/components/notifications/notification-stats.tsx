import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { NotificationStats } from '../../../contract/notifications.schema';

const tiles: Array<{ key: keyof NotificationStats; label: string }> = [
  { key: 'total', label: 'Total' },
  { key: 'unread', label: 'Sin leer' },
  { key: 'high_priority', label: 'Urgentes' },
  { key: 'recent', label: 'Recientes' },
];

/** The centre's tiles: Total, Sin leer, Urgentes (unread urgent or high), Recientes (24 h). */
export function NotificationStatsTiles({ stats }: { stats: NotificationStats }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
        gap: 1,
        m: 0,
      }}
    >
      {tiles.map(({ key, label }) => (
        <Paper key={key} variant="outlined" sx={{ p: 1.5, textAlign: 'center' }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }}>
            {stats[key]}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
