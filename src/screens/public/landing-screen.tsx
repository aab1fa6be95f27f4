import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** /: a placeholder landing page until the public site exists. */
export function LandingScreen() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        textAlign: 'center',
      }}
    >
      <div>
        <Typography variant="h1" sx={{ mb: 2 }}>
          Gestión deportiva
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          Administra tu club: jugadores, entrenadores, categorías y pagos en un solo lugar.
        </Typography>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" component={RouterLink} to="/login">
            Iniciar sesión
          </Button>
          <Button variant="outlined" component={RouterLink} to="/register">
            Crear cuenta
          </Button>
        </Stack>
      </div>
    </Box>
  );
}
