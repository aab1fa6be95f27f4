import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { invitationMessages } from '../../../contract/invitations.schema';

interface InvitationLoginPromptProps {
  /** The invited e-mail. */
  email: string;
  /** The e-mail of whoever is signed in now (someone else), or null. */
  signedInAs: string | null;
  onLogin: () => void;
  onLogout: () => void;
  /** The 'Rechazar' button. */
  children: ReactNode;
}

/**
 * The invitee has an account (or someone else is signed in): log in as the invitee first.
 * Signed in as someone else, 'Cerrar sesión' leads to /login; either way the page is
 * remembered and the login comes back to it.
 */
export function InvitationLoginPrompt(props: InvitationLoginPromptProps) {
  const { email, signedInAs, onLogin, onLogout, children } = props;
  return (
    <Stack spacing={1}>
      <Typography>{invitationMessages.loginAsInvitee(email)}</Typography>
      {signedInAs ? (
        <>
          <Typography color="text.secondary">Iniciaste sesión como {signedInAs}.</Typography>
          <Button variant="contained" onClick={onLogout}>
            Cerrar sesión
          </Button>
        </>
      ) : (
        <Button variant="contained" onClick={onLogin}>
          Iniciar sesión
        </Button>
      )}
      {children}
    </Stack>
  );
}
