import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  type IncomingLinkRequest,
  linkRequestKindLabels,
  linkRequestMessages,
  linkRequestStatusLabels,
  linkRequestTokenParamsSchema,
} from '../../../contract/link-requests.schema';
import { useLinkRequestByToken } from '../../api/link-requests.api';
import { toRequestFailure } from '../../lib/request-failure';
import { AuthCard } from '../../components/auth-card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  selectAsking,
  selectIsRunning,
  selectRefusal,
} from '../../machines/confirm-action.selectors';
import { dateText } from './link-request-texts';
import { useTokenAnswerLogic } from './link-requests.logic';

const TITLE = 'Solicitud de un club';

/** What an unknown, malformed, used or withdrawn link says (the server answers 404 to all). */
export const UNKNOWN_LINK =
  'Este enlace no es válido, ya se usó o la solicitud ya no está vigente. Si el club aún quiere sumarte, pídele que te envíe una nueva solicitud.';

function Home() {
  return (
    <Button component={RouterLink} to="/" sx={{ mt: 2 }}>
      Ir al inicio
    </Button>
  );
}

/**
 * /link-request/:token (public, issue #33 item 1): the request an e-mail links to. Shows the
 * club, as what and for whom, and 'Aceptar' / 'Rechazar' (declining asks first); then the
 * server's answer. An unknown, used or expired link says so in Spanish.
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

function LinkRequestAnswer({ token, request }: { token: string; request: IncomingLinkRequest }) {
  const [answered, setAnswered] = useState<string | null>(null);
  const actor = useActorRef(useTokenAnswerLogic(token, setAnswered));
  const asking = useSelector(actor, selectAsking);
  const running = useSelector(actor, selectIsRunning);
  const refusal = useSelector(actor, selectRefusal);
  const person = `${request.person.name} ${request.person.lastname}`.trim();
  const send = (answer: 'accept' | 'decline') =>
    actor.send({
      type: 'action.request',
      subject: { id: request.id, answer, club: request.club.name },
      confirm: answer === 'decline',
    });

  return (
    <AuthCard title={TITLE}>
      <Typography sx={{ mb: 1 }}>
        <strong>{request.club.name}</strong> quiere que{' '}
        {request.as_guardian ? <strong>{person}</strong> : 'tú'}{' '}
        {request.as_guardian ? 'haga' : 'hagas'} parte del club como{' '}
        {linkRequestKindLabels[request.kind]}.
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        {request.as_guardian ? `Respondes como acudiente de ${person}. ` : `Para ${person}. `}
        {request.status === 'pending' ? `Vence el ${dateText(request.expires_at)}.` : ''}
      </Typography>
      {answered ? (
        <Alert severity="success">{answered}</Alert>
      ) : request.status !== 'pending' ? (
        <Alert severity="warning">
          {linkRequestMessages.notPending} ({linkRequestStatusLabels[request.status]}).
        </Alert>
      ) : (
        <>
          {refusal && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {refusal}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
            <Button
              variant="contained"
              fullWidth
              disabled={running}
              aria-busy={running && asking === null}
              onClick={() => send('accept')}
            >
              Aceptar
            </Button>
            <Button color="inherit" fullWidth disabled={running} onClick={() => send('decline')}>
              Rechazar
            </Button>
          </Stack>
        </>
      )}
      <Home />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Rechazar la solicitud de ${request.club.name}?`}
        text="El club no verá tus datos. Si cambias de opinión, el club tendrá que enviarte otra solicitud."
        confirmLabel="Rechazar"
        busy={running}
        onCancel={() => actor.send({ type: 'action.cancel' })}
        onConfirm={() => actor.send({ type: 'action.confirm' })}
      />
    </AuthCard>
  );
}
