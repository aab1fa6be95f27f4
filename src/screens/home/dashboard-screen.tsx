import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { AuthContext } from '../../app/auth-context';
import { selectCanLogout, selectIsBusy, selectUserName } from '../../machines/auth.selectors';

/** /home/dashboard: still empty; the shell (sidebar, top bar) comes with the next issue. */
export function DashboardScreen() {
  const auth = AuthContext.useActorRef();
  const name = AuthContext.useSelector(selectUserName);
  const canLogout = AuthContext.useSelector(selectCanLogout);
  const busy = AuthContext.useSelector(selectIsBusy);

  return (
    <Box component="main" sx={{ maxWidth: 960, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Dashboard
      </Typography>
      <Typography sx={{ mb: 3 }}>Hola, {name}</Typography>
      <Button
        variant="outlined"
        onClick={() => auth.send({ type: 'auth.logout' })}
        disabled={!canLogout}
        aria-busy={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        Cerrar Sesión
      </Button>
    </Box>
  );
}
