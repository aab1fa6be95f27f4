import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

interface AuthLinksProps {
  links: ReadonlyArray<{ to: string; label: string }>;
}

/** The links under an auth form ('¿Olvidaste tu contraseña?', 'Crear una cuenta', …). */
export function AuthLinks({ links }: AuthLinksProps) {
  return (
    <Box sx={{ mt: 3, display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'center' }}>
      {links.map(({ to, label }) => (
        <Link key={to} component={RouterLink} to={to}>
          {label}
        </Link>
      ))}
    </Box>
  );
}
