import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ClubOwnerDashboard, SetupStep } from '../../../contract/dashboards.schema';

/** Each step's words and the screen where it is done. */
const stepTexts = (clubId: number): Record<SetupStep, { label: string; to: string }> => ({
  club_data: { label: 'Completa los datos del club', to: `/home/create-club-team/${clubId}` },
  first_category: { label: 'Crea la primera categoría', to: '/home/categories' },
  first_trainer: { label: 'Agrega un entrenador', to: '/home/trainers' },
  players: { label: 'Registra o importa jugadores', to: '/home/players' },
  first_charge: { label: 'Crea el primer cobro', to: '/home/chargers' },
  payment_methods: { label: 'Elige los medios de pago', to: '/home/admin/payment_methods' },
  first_period: { label: 'Genera los pagos del primer periodo', to: '/home/payments' },
});

/**
 * 'Configura tu club': a new club's set-up steps, each linked to its screen, done ones
 * checked. Gone once every step is done.
 */
export function SetupChecklist({
  clubId,
  checklist,
}: {
  clubId: number;
  checklist: ClubOwnerDashboard['checklist'];
}) {
  const titleId = useId();
  if (checklist.complete) return null;
  const texts = stepTexts(clubId);
  const done = checklist.steps.filter((each) => each.done).length;
  const total = checklist.steps.length;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, mb: 3 }}>
      <Typography variant="h2" id={titleId}>
        Configura tu club
      </Typography>
      <Typography sx={{ mt: 0.5, mb: 1 }}>
        {done} de {total} pasos
      </Typography>
      <LinearProgress
        variant="determinate"
        value={total === 0 ? 0 : (done / total) * 100}
        aria-label="Avance de la configuración"
      />
      <List dense>
        {checklist.steps.map(({ step, done: isDone }) => (
          <ListItem key={step} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              {isDone ? (
                <CheckCircle color="success" titleAccess="Hecho" />
              ) : (
                <RadioButtonUnchecked color="disabled" titleAccess="Pendiente" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={
                <Link component={RouterLink} to={texts[step].to}>
                  {texts[step].label}
                </Link>
              }
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
