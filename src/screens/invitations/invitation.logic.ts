import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { acceptInvitation, getPublicInvitation, rejectInvitation } from '../../api/invitations.api';
import { registerGuardian } from '../../api/parents.api';
import { refreshAfter } from '../../api/refresh';
import { AuthContext } from '../../app/auth-context';
import { storage } from '../../lib/storage';
import {
  createInvitationActions,
  createInvitationActors,
} from '../../machines/invitations-answer.actors';
import { invitationMachine } from '../../machines/invitations-answer.machine';
import { toast } from '../../components/toaster';

/**
 * The invitation machine with the page's effects (STYLE.md §2), made once: the API, the
 * auth actor (a new session, a logout), the router and the toasts.
 */
export function useInvitationLogic() {
  const auth = AuthContext.useActorRef();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const answered = async <T>(call: Promise<T>): Promise<T> => {
    const answer = await call;
    void refreshAfter(queryClient, { resource: 'invitation-answers' });
    return answer;
  };
  const [logic] = useState(() =>
    invitationMachine.provide({
      // An answer changes the person's clubs and notifications (refresh.ts's table).
      actors: createInvitationActors({
        getPublicInvitation,
        acceptInvitation: (token, account) => answered(acceptInvitation(token, account)),
        rejectInvitation: (token) => answered(rejectInvitation(token)),
        registerGuardian: (token, body) => answered(registerGuardian(token, body)),
      }),
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
