import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Subscription } from '../../../contract/plans.schema';

const number = new Intl.NumberFormat('es-CO');

/** How much of its plan the club uses: active players (against the plan's limit) and members. */
export function SubscriptionUsage({ subscription }: { subscription: Subscription }) {
  const { usage, plan } = subscription;
  const limit = plan.max_players;
  const share = limit ? Math.min(100, Math.round((usage.players / limit) * 100)) : null;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="subscription-usage"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="subscription-usage" component="h2" variant="h6" sx={{ mb: 2 }}>
        Uso del club
      </Typography>
      <Box sx={{ mb: 2 }}>
        <Typography id="usage-players">
          Jugadores activos:{' '}
          <strong>
            {limit === null
              ? `${number.format(usage.players)} (sin límite)`
              : `${number.format(usage.players)} de ${number.format(limit)}`}
          </strong>
        </Typography>
        {share !== null && (
          <LinearProgress
            variant="determinate"
            value={share}
            color={share >= 90 ? 'warning' : 'primary'}
            aria-labelledby="usage-players"
            sx={{ mt: 1, height: 8, borderRadius: 4 }}
          />
        )}
      </Box>
      <Typography>
        Personas con un rol en el club: <strong>{number.format(usage.members)}</strong>
      </Typography>
    </Paper>
  );
}
