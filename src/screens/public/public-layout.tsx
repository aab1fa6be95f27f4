import SportsSoccerOutlined from '@mui/icons-material/SportsSoccerOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { SkipLink } from '../../components/shell/skip-link';
import { SITE_NAME } from '../../lib/use-page-meta';

/** The id of the public pages' `<main>`, the skip link's target. */
export const PUBLIC_MAIN_ID = 'contenido-publico';

const headerLinks = [
  { to: '/blog', label: 'Blog' },
  { to: '/pricing', label: 'Precios' },
  { to: '/centro-ayuda', label: 'Centro de ayuda' },
] as const;

const footerLinks = [
  { to: '/terminos', label: 'Términos' },
  { to: '/privacidad', label: 'Privacidad' },
  { to: '/contact', label: 'Contacto' },
  { to: '/about', label: 'Acerca de' },
] as const;

export interface PublicLayoutProps {
  children: ReactNode;
  /** The content column's width; `false` lets the page span the window (the landing page). */
  maxWidth?: number | false;
}

/**
 * The light frame of the public site (issue #17): a header with the logo and the links
 * Blog, Precios, Centro de ayuda and Ingresar, the page in `<main>`, and a footer with
 * Términos, Privacidad, Contacto and Acerca de. No MUI X, no machines, no server data.
 */
export function PublicLayout({ children, maxWidth = 880 }: PublicLayoutProps) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink target={PUBLIC_MAIN_ID} />
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Box
          sx={{
            maxWidth: 1120,
            mx: 'auto',
            px: 2,
            py: 1,
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: 2,
            rowGap: 0.5,
          }}
        >
          <Box
            component={RouterLink}
            to="/"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              minHeight: 48,
              mr: 'auto',
              color: 'primary.main',
              textDecoration: 'none',
            }}
          >
            <SportsSoccerOutlined aria-hidden />
            <Typography component="span" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
              {SITE_NAME}
            </Typography>
          </Box>
          <Box
            component="nav"
            aria-label="Sitio"
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}
          >
            {headerLinks.map(({ to, label }) => (
              <Button key={to} component={RouterLink} to={to} color="inherit" size="small">
                {label}
              </Button>
            ))}
            <Button component={RouterLink} to="/login" variant="contained" size="small">
              Ingresar
            </Button>
          </Box>
        </Box>
      </Box>
      <Box
        component="main"
        id={PUBLIC_MAIN_ID}
        tabIndex={-1}
        sx={{
          flex: '1 0 auto',
          width: '100%',
          maxWidth: maxWidth === false ? 'none' : maxWidth,
          mx: 'auto',
          px: maxWidth === false ? 0 : 2,
          py: maxWidth === false ? 0 : { xs: 4, sm: 6 },
          outline: 'none',
        }}
      >
        {children}
      </Box>
      <Box
        component="footer"
        sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'grey.50', px: 2, py: 3 }}
      >
        <Box
          sx={{
            maxWidth: 1120,
            mx: 'auto',
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
          }}
        >
          <Box component="nav" aria-label="Información legal y contacto">
            <Box
              component="ul"
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0, p: 0, listStyle: 'none' }}
            >
              {footerLinks.map(({ to, label }) => (
                <li key={to}>
                  <Link component={RouterLink} to={to} color="text.primary">
                    {label}
                  </Link>
                </li>
              ))}
            </Box>
          </Box>
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} {SITE_NAME}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
