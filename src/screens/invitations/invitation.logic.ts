import { useState } from 'react';
import { useNavigate } from 'react-router';
import { acceptInvitation, getPublicInvitation, rejectInvitation } from '../../api/invitations.api';
import { registerGuardian } from '../../api/parents.api';
import { AuthContext } from '../../app/auth-context';
import { storage } from '../../lib/storage';
import { createInvitationActions, createInvitationActors } from '../../machines/invitation.actors';
import { invitationMachine } from '../../machines/invitation.machine';
import { toast } from '../../components/toaster';

const actors = createInvitationActors({
  getPublicInvitation,
  acceptInvitation,
  rejectInvitation,
  registerGuardian,
});

/**
 * The invitation machine with the page's effects (STYLE.md §2), made once: the API, the
 * auth actor (a new session, a logout), the router and the toasts.
 */
export function useInvitationLogic() {
  const auth = AuthContext.useActorRef();
  const navigate = useNavigate();
  const [logic] = useState(() =>
    invitationMachine.provide({
      actors,
      actions: createInvitationActions({
        navigate: (to) => void navigate(to),
        rememberPage: (path) => storage.set('redirectAfterLogin', path),
        sendToAuth: (event) => auth.send(event),
        toast,
      }),
    }),
  );
  return logic;
}
