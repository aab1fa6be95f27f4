import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';

interface AuthLinksProps {
  links: ReadonlyArray<{ to: string; label: string }>;
}

/** The links under an auth form ('¿Olvidaste tu contraseña?', 'Crear una cuenta', …). */
export function AuthLinks({ links }: AuthLinksProps) {
  return (
    <Stack spacing={1} sx={{ mt: 3, alignItems: 'center' }}>
      {links.map(({ to, label }) => (
        <Link key={to} component={RouterLink} to={to}>
          {label}
        </Link>
      ))}
    </Stack>
  );
}
