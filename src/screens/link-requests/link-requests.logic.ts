import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  answerLinkRequestByToken,
  useAnswerLinkRequest,
  useWithdrawClubLinkRequest,
} from '../../api/link-requests.api';
import { refreshAfter } from '../../api/refresh';
import { AuthContext } from '../../app/auth-context';
import { toast } from '../../components/toaster';
import { selectUser } from '../../machines/auth.selectors';
import {
  createLinkRequestAnswerImplementations,
  createLinkRequestWithdrawImplementations,
  linkRequestAnswerMachine,
  linkRequestWithdrawMachine,
} from '../../machines/link-requests.actors';

/*
 * The link requests' machines with these screens' dependencies, each made once per screen
 * (STYLE.md §2); what they do is in src/machines/link-requests.actors.ts.
 */

/** 'Retirar' on a request the club sent: asks, withdraws, and reads the list again. */
export function useLinkRequestWithdrawLogic(clubId: number) {
  const withdraw = useWithdrawClubLinkRequest(clubId);
  const [logic] = useState(() =>
    linkRequestWithdrawMachine.provide(
      createLinkRequestWithdrawImplementations({
        withdraw: (id) => withdraw.mutateAsync(id),
        toast,
      }),
    ),
  );
  return logic;
}

/** 'Aceptar' / 'Rechazar' in the app: an acceptance reads the user's clubs again. */
export function useIncomingAnswerLogic() {
  const answer = useAnswerLinkRequest();
  const auth = AuthContext.useActorRef();
  const [logic] = useState(() =>
    linkRequestAnswerMachine.provide(
      createLinkRequestAnswerImplementations({
        answer: ({ id, answer: chosen, acceptance }) =>
          answer.mutateAsync({ id, answer: chosen, acceptance }),
        afterAccept: () => auth.send({ type: 'auth.refreshUser' }),
        toast,
      }),
    ),
  );
  return logic;
}

/**
 * 'Aceptar' / 'Rechazar' on the e-mailed link (public): the token names the request; the
 * page keeps the server's message as the outcome. A signed-in user's clubs are read again.
 */
export function useTokenAnswerLogic(token: string, onAnswered: (message: string) => void) {
  const auth = AuthContext.useActorRef();
  const queryClient = useQueryClient();
  const [logic] = useState(() =>
    linkRequestAnswerMachine.provide(
      createLinkRequestAnswerImplementations({
        answer: async ({ answer, acceptance }) => {
          const answered = await answerLinkRequestByToken(token, answer, acceptance);
          // What a signed-in person has cached of it (the same table as the in-app answer).
          const resource = answer === 'accept' ? 'link-request-accepted' : 'link-request-declined';
          void refreshAfter(queryClient, { resource });
          onAnswered(answered.message);
          return answered;
        },
        afterAccept: () => {
          if (selectUser(auth.getSnapshot())) auth.send({ type: 'auth.refreshUser' });
        },
        toast,
      }),
    ),
  );
  return logic;
}
