import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useParams } from 'react-router';
import { linkRequestTokenParamsSchema } from '../../../contract/link-requests.schema';
import { useLinkRequestByToken } from '../../api/link-requests.api';
import { toRequestFailure } from '../../lib/request-failure';
import { AuthCard } from '../../components/auth-card';
import { Home, LINK_REQUEST_TITLE as TITLE, LinkRequestAnswer } from './link-request-answer';

/** What an unknown, malformed, used or withdrawn link says (the server answers 404 to all). */
export const UNKNOWN_LINK =
  'Este enlace no es válido, ya se usó o la solicitud ya no está vigente. Si el club aún quiere sumarte, pídele que te envíe una nueva solicitud.';

/**
 * /link-request/:token (public, issue #33 item 1): the request an e-mail links to. Shows the
 * club, as what and for whom, the club's data-processing authorisation to tick, and
 * 'Aceptar' / 'Rechazar' (declining asks first); then the server's answer. An adult without
 * an account also chooses their password there. An unknown, used or expired link says so.
 */
export function LinkRequestScreen() {
  const { token = '' } = useParams();
  const wellFormed = linkRequestTokenParamsSchema.safeParse({ token }).success;
  const request = useLinkRequestByToken(token, wellFormed);

  if (wellFormed && request.isPending) {
    return (
      <AuthCard title={TITLE}>
        <Stack sx={{ alignItems: 'center', py: 2 }} role="status">
          <CircularProgress aria-label="Cargando solicitud" />
        </Stack>
      </AuthCard>
    );
  }
  if (!wellFormed || request.isError) {
    const status = request.error ? toRequestFailure(request.error).status : null;
    const unknown = !wellFormed || status === 404 || status === 400;
    return (
      <AuthCard title={TITLE}>
        <Alert
          severity="error"
          action={
            !unknown && (
              <Button color="inherit" size="small" onClick={() => void request.refetch()}>
                Reintentar
              </Button>
            )
          }
        >
          {unknown ? UNKNOWN_LINK : request.error?.message}
        </Alert>
        <Home />
      </AuthCard>
    );
  }
  if (!request.data) return null;
  return <LinkRequestAnswer key={token} token={token} request={request.data} />;
}
