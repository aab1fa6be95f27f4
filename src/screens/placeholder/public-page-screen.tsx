import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { publicPages, type PublicPagePath } from './placeholder-pages';

/** A public page whose content is not known yet: its title and a way back to the landing page. */
export function PublicPageScreen({ page }: { page: PublicPagePath }) {
  const { title, description } = publicPages[page];
  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', px: 2, py: 8 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {description}
      </Typography>
      <Link component={RouterLink} to="/">
        Volver al inicio
      </Link>
    </Box>
  );
}
