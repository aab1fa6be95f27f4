import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  invitationMessages,
  type InvitationAcceptNewAccount,
} from '../../../contract/invitations.schema';
import { AuthContext } from '../../app/auth-context';
import { AuthCard } from '../../components/auth-card';
import { FullScreenProgress } from '../../components/full-screen-progress';
import { selectSessionStatus, selectUser } from '../../machines/auth.selectors';
import {
  selectFailure,
  selectGuardian,
  selectInvitation,
  selectIsBusy,
  selectIsRejecting,
  selectSessionEmail,
  selectView,
} from '../../machines/invitations-answer.selectors';
import { InvitationAccountForm } from './invitation-account-form';
import { InvitationLoginPrompt } from './invitation-login-prompt';
import { InvitationRejectDialog } from './invitation-reject-dialog';
import { expiryText, invitationSummary, unavailableReason } from './invitation-texts';
import { InvitationGuardianConsent } from './invitation-guardian-consent';
import { useInvitationLogic } from './invitation.logic';

type AuthSnapshot = Parameters<typeof selectUser>[0];

/** The e-mail of whoever is signed in (also while logging out), else null. */
const selectSignedInEmail = (snapshot: AuthSnapshot) =>
  selectSessionStatus(snapshot) === 'signedIn' ? (selectUser(snapshot)?.email ?? null) : null;

/** /invitation/:token: waits for the session check, then shows the invitation page. */
export function InvitationScreen() {
  const { token = '' } = useParams();
  const status = AuthContext.useSelector(selectSessionStatus);
  const email = AuthContext.useSelector(selectSignedInEmail);
  if (status === 'checking') return <FullScreenProgress />;
  return <InvitationPage key={token} token={token} sessionEmail={email} />;
}

function InvitationPage({ token, sessionEmail }: { token: string; sessionEmail: string | null }) {
  const actor = useActorRef(useInvitationLogic(), { input: { token, sessionEmail } });
  const view = useSelector(actor, selectView);
  const invitation = useSelector(actor, selectInvitation);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const rejecting = useSelector(actor, selectIsRejecting);
  const signedInAs = useSelector(actor, selectSessionEmail);
  const guardian = useSelector(actor, selectGuardian);
  // A guardian invitation is accepted with the data-processing text (Ley 1581).
  const [consent, setConsent] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const accept = (account?: InvitationAcceptNewAccount) => {
    if (guardian && !consent) return setConsentMissing(true);
    actor.send({
      type: 'invitation.accept',
      account,
      ...(guardian ? { acceptDataPolicy: true } : {}),
    });
  };

  // The session is the auth actor's: tell the page when it changes (a logout, another tab).
  useEffect(() => {
    actor.send({ type: 'invitation.sessionChanged', email: sessionEmail });
  }, [actor, sessionEmail]);

  const reject = (
    <Button
      color="inherit"
      fullWidth
      disabled={busy}
      onClick={() => actor.send({ type: 'invitation.reject' })}
    >
      Rechazar
    </Button>
  );

  if (view === 'loading') {
    return (
      <AuthCard title="Invitación">
        <Stack sx={{ alignItems: 'center', py: 2 }} role="status">
          <CircularProgress aria-label="Cargando invitación" />
        </Stack>
      </AuthCard>
    );
  }
  if (view === 'notFound' || view === 'loadFailed' || !invitation) {
    return (
      <AuthCard title="Invitación">
        <Alert
          severity="error"
          action={
            view === 'loadFailed' && (
              <Button
                color="inherit"
                size="small"
                onClick={() => actor.send({ type: 'invitation.retry' })}
              >
                Reintentar
              </Button>
            )
          }
        >
          {view === 'loadFailed' ? failure?.message : invitationMessages.notFound}
        </Alert>
        <Button component={RouterLink} to="/" sx={{ mt: 2 }}>
          Ir al inicio
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={`Invitación a ${invitation.club.name}`}>
      <Typography sx={{ mb: 1 }}>{invitationSummary(invitation)}</Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        Para {invitation.email}. {view === 'unavailable' ? '' : expiryText(invitation)}
      </Typography>
      {view === 'unavailable' && (
        <Alert severity="warning">{unavailableReason(invitation.status)}</Alert>
      )}
      {view === 'failed' && <Alert severity="error">{failure?.message}</Alert>}
      {view === 'rejected' && <Alert severity="info">{invitationMessages.rejected}</Alert>}
      {view === 'accepted' && (
        <Alert severity="success">{invitationMessages.accepted(invitation.club.name)}</Alert>
      )}
      {failure && ['needsLogin', 'newAccount', 'ready'].includes(view) && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failure.message}
        </Alert>
      )}
      {view === 'needsLogin' && (
        <InvitationLoginPrompt
          email={invitation.email}
          signedInAs={signedInAs}
          onLogin={() => actor.send({ type: 'invitation.login' })}
          onLogout={() => actor.send({ type: 'invitation.logout' })}
        >
          {reject}
        </InvitationLoginPrompt>
      )}
      {guardian && (view === 'newAccount' || view === 'ready') && (
        <InvitationGuardianConsent
          guardian={guardian}
          accepted={consent}
          missing={consentMissing && !consent}
          onChange={setConsent}
        />
      )}
      {view === 'newAccount' && (
        <>
          <InvitationAccountForm
            email={invitation.email}
            busy={busy}
            failure={failure}
            onSubmit={accept}
          />
          {reject}
        </>
      )}
      {view === 'ready' && (
        <Stack spacing={1}>
          <Button
            variant="contained"
            size="large"
            disabled={busy}
            aria-busy={busy}
            onClick={() => accept()}
          >
            Aceptar invitación
          </Button>
          {reject}
        </Stack>
      )}
      <InvitationRejectDialog
        open={view === 'confirmingReject'}
        club={invitation.club.name}
        busy={rejecting}
        onCancel={() => actor.send({ type: 'reject.cancel' })}
        onConfirm={() => actor.send({ type: 'reject.confirm' })}
      />
    </AuthCard>
  );
}
