import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAccount, useRefreshAccount } from '../../api/account.api';
import { AuthContext } from '../../app/auth-context';
import { NotificationPreferencesSection } from '../settings/notification-preferences-section';
import { ClubsSection } from './clubs-section';
import { DataSection } from './data-section';
import { DeleteSection } from './delete-section';
import { ProfileSection } from './profile-section';
import { SecuritySection } from './security-section';

/** The sections of the page, in order; each is reachable as /home/account#id. */
export const ACCOUNT_SECTIONS = [
  { id: 'perfil', label: 'Perfil' },
  { id: 'seguridad', label: 'Seguridad' },
  { id: 'clubes', label: 'Mis clubes' },
  { id: 'notificaciones', label: 'Notificaciones' },
  { id: 'datos', label: 'Mis datos' },
  { id: 'eliminar', label: 'Eliminar mi cuenta' },
] as const;

/**
 * /home/account ('Mi Cuenta' of the user menu, issue #17): the person's own profile,
 * password and e-mail, clubs, notification preferences, data export and deletion. Needs
 * no club.
 */
export function AccountScreen() {
  const account = useAccount();
  const refresh = useRefreshAccount();
  const auth = AuthContext.useActorRef();
  const { hash } = useLocation();
  const loaded = account.isSuccess;
  // A link to a section (/home/account#notificaciones) reaches it once the page is drawn.
  useEffect(() => {
    if (!loaded || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [loaded, hash]);

  let content;
  if (account.isPending) {
    content = (
      <Stack sx={{ gap: 3 }} aria-busy="true" aria-label="Cargando tu cuenta">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={160} />
        ))}
      </Stack>
    );
  } else if (account.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void account.refetch()}>
            Reintentar
          </Button>
        }
      >
        {account.error.message}
      </Alert>
    );
  } else {
    const { profile, clubs, pending_email: pendingEmail } = account.data;
    const onProfileSaved = () => {
      void refresh();
      auth.send({ type: 'auth.refreshUser' });
    };
    content = (
      <Stack sx={{ gap: 3 }}>
        <ProfileSection profile={profile} onSaved={onProfileSaved} />
        <SecuritySection
          profile={profile}
          pendingEmail={pendingEmail}
          onEmailRequested={() => void refresh()}
        />
        <ClubsSection clubs={clubs} onLeft={() => void refresh()} />
        <Box id="notificaciones" sx={{ scrollMarginTop: 80 }}>
          <NotificationPreferencesSection />
        </Box>
        <DataSection />
        <DeleteSection />
      </Stack>
    );
  }

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Mi Cuenta
      </Typography>
      <Box component="nav" aria-label="Secciones de Mi Cuenta" sx={{ mb: 3 }}>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          {ACCOUNT_SECTIONS.map((section) => (
            <Link key={section.id} href={`#${section.id}`} underline="hover">
              {section.label}
            </Link>
          ))}
        </Stack>
      </Box>
      {content}
    </Box>
  );
}
