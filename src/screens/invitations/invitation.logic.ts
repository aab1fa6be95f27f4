import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fromPromise } from 'xstate';
import type { AuthResponse } from '../../../contract/auth.schema';
import { invitationMessages, type PublicInvitation } from '../../../contract/invitations.schema';
import { acceptInvitation, getPublicInvitation, rejectInvitation } from '../../api/invitations.api';
import { AuthContext } from '../../app/auth-context';
import { storage } from '../../lib/storage';
import { invitationMachine, type AcceptInput } from '../../machines/invitation.machine';

/** The invitation API as the page's actors need it (tests fake it at the fetch level). */
const actors = {
  load: fromPromise<PublicInvitation, string>(({ input }) => getPublicInvitation(input)),
  accept: fromPromise<AuthResponse, AcceptInput>(({ input }) =>
    acceptInvitation(input.token, input.account),
  ),
  reject: fromPromise<void, string>(({ input }) => rejectInvitation(input)),
};

const comeBackTo = (token: string) => storage.set('redirectAfterLogin', `/invitation/${token}`);

/**
 * The invitation machine with the page's effects (STYLE.md §2), made once: the API, the
 * auth actor (a new session, a logout), the router and the toasts.
 */
export function useInvitationLogic() {
  const auth = AuthContext.useActorRef();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [logic] = useState(() =>
    invitationMachine.provide({
      actors,
      actions: {
        goToLogin: (_, { token }) => {
          comeBackTo(token);
          void navigate('/login');
        },
        logout: (_, { token }) => {
          comeBackTo(token);
          auth.send({ type: 'auth.logout' });
        },
        startSession: (_, { response }) => auth.send({ type: 'auth.sessionStarted', response }),
        notifyAccepted: (_, { club }) => {
          enqueueSnackbar(invitationMessages.accepted(club));
          // The route guard sends a new account on to its onboarding.
          void navigate('/home');
        },
        notifyRejected: () => enqueueSnackbar(invitationMessages.rejected),
      },
    }),
  );
  return logic;
}
