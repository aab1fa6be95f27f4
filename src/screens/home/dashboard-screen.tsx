import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AuthContext } from '../../app/auth-context';
import { selectUserName } from '../../machines/auth.selectors';

/** /home/dashboard: the greeting until the dashboards issue fills it (logout is in the user menu). */
export function DashboardScreen() {
  const name = AuthContext.useSelector(selectUserName);

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Dashboard
      </Typography>
      <Typography>Hola, {name}</Typography>
    </Box>
  );
}
