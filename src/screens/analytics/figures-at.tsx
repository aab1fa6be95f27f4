import Typography from '@mui/material/Typography';

const instant = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  dateStyle: 'medium',
  timeStyle: 'medium',
});

/**
 * When the platform's figures were computed: the super admin's dashboard and Análisis
 * Global show one kept computation (server/features/analytics/analytics.service.ts), so
 * the same instant means the same figures on both screens.
 */
export function FiguresAt({ at }: { at: string | undefined }) {
  if (!at) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      Cifras calculadas el {instant.format(new Date(at))}, hora de Bogotá (se recalculan a lo sumo
      una vez por minuto)
    </Typography>
  );
}
