import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  type IncomingLinkRequest,
  linkRequestKindLabels,
  linkRequestMessages,
  linkRequestStatusLabels,
} from '../../../contract/link-requests.schema';
import { AuthCard } from '../../components/auth-card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataPolicyConsent } from '../../components/data-policy-consent';
import { useConfirmFlow } from '../../components/use-machine-flow';
import { type LinkRequestPassword, LinkRequestPasswordForm } from './link-request-password-form';
import { dateText } from './link-request-texts';
import { useTokenAnswerLogic } from './link-requests.logic';

export const LINK_REQUEST_TITLE = 'Solicitud de un club';

export function Home() {
  return (
    <Button component={RouterLink} to="/" sx={{ mt: 2 }}>
      Ir al inicio
    </Button>
  );
}

/**
 * The answer part of /link-request/:token: who asks and for whom, the club's
 * data-processing authorisation to tick (and the password of an adult without an
 * account), 'Aceptar' / 'Rechazar', then the server's message.
 */
export function LinkRequestAnswer({
  token,
  request,
}: {
  token: string;
  request: IncomingLinkRequest;
}) {
  const [answered, setAnswered] = useState<string | null>(null);
  const reply = useConfirmFlow(useTokenAnswerLogic(token, setAnswered));
  const { asking, running, refusal } = reply;
  const [consent, setConsent] = useState(false);
  const [missing, setMissing] = useState(false);
  const person = `${request.person.name} ${request.person.lastname}`.trim();
  const decline = () =>
    reply.request({ id: request.id, answer: 'decline', club: request.club.name });
  const accept = (password?: LinkRequestPassword) => {
    if (!consent) {
      setMissing(true);
      return;
    }
    const acceptance = {
      accept_data_policy: true,
      data_policy_version: request.data_policy.version,
      ...password,
    };
    reply.request({ id: request.id, answer: 'accept', club: request.club.name, acceptance }, false);
  };
  const consentBox = (
    <DataPolicyConsent
      text={request.data_policy.text}
      accepted={consent}
      missing={missing && !consent}
      onChange={setConsent}
    />
  );

  return (
    <AuthCard title={LINK_REQUEST_TITLE}>
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
          {request.set_password_for ? (
            <>
              <LinkRequestPasswordForm
                email={request.set_password_for}
                busy={running && asking === null}
                onSubmit={accept}
              >
                {consentBox}
              </LinkRequestPasswordForm>
              <Button color="inherit" fullWidth disabled={running} onClick={decline} sx={{ mt: 1 }}>
                Rechazar
              </Button>
            </>
          ) : (
            <>
              {consentBox}
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, mt: 1 }}>
                <Button
                  variant="contained"
                  fullWidth
                  disabled={running}
                  aria-busy={running && asking === null}
                  onClick={() => accept()}
                >
                  Aceptar
                </Button>
                <Button color="inherit" fullWidth disabled={running} onClick={decline}>
                  Rechazar
                </Button>
              </Stack>
            </>
          )}
        </>
      )}
      <Home />
      <ConfirmDialog
        open={asking !== null}
        title={`¿Rechazar la solicitud de ${request.club.name}?`}
        text="El club no verá tus datos. Si cambias de opinión, el club tendrá que enviarte otra solicitud."
        confirmLabel="Rechazar"
        busy={running}
        onCancel={reply.cancel}
        onConfirm={reply.confirm}
      />
    </AuthCard>
  );
}
