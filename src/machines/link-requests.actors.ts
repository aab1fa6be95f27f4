import { fromPromise } from 'xstate';
import {
  linkRequestMessages,
  type LinkRequestAcceptInput,
  type LinkRequestAnswerResponse,
} from '../../contract/link-requests.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import type { Toast } from './toast';

/*
 * Link requests' flows (issue #33 item 1) on the generic confirm-action machine, with their
 * effects (STYLE.md §2): the club's 'Retirar' on a pending request it sent, and the
 * person's (or guardian's) 'Aceptar' / 'Rechazar', in the app or on the e-mailed link. The
 * API calls are plain functions described here; src/api/link-requests.api.ts satisfies them.
 */

/** The request 'Retirar' is about: enough to name it and to call the server. */
export interface LinkRequestToWithdraw {
  id: number;
  /** The name the club typed. */
  name: string;
}

/** 'Retirar' on a pending request the club sent: always asked first. */
export const linkRequestWithdrawMachine = confirmActionFor<LinkRequestToWithdraw, void>();

export interface LinkRequestWithdrawDeps {
  withdraw: (id: number) => Promise<void>;
  toast: Toast;
}

export function createLinkRequestWithdrawImplementations(deps: LinkRequestWithdrawDeps) {
  return {
    actors: {
      run: fromPromise<void, { subject: LinkRequestToWithdraw }>(({ input }) =>
        deps.withdraw(input.subject.id),
      ),
    },
    actions: {
      notifyDone: () => deps.toast(linkRequestMessages.cancelled),
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<LinkRequestToWithdraw, void>;
}

/**
 * 'Aceptar' or 'Rechazar' on a request: `id` is the request's (in the app) and the token
 * names it on the public page. Declining is asked first; accepting is not.
 */
export interface LinkRequestAnswerSubject {
  id: number;
  answer: 'accept' | 'decline';
  /** The club asking, for the confirmation's words. */
  club: string;
  /**
   * What an acceptance sends: the ticked data-processing authorisation for the club (Ley
   * 1581) and, on the e-mailed link of an adult without an account, their new password.
   */
  acceptance?: LinkRequestAcceptInput;
}

export const linkRequestAnswerMachine = confirmActionFor<
  LinkRequestAnswerSubject,
  LinkRequestAnswerResponse
>();

export interface LinkRequestAnswerDeps {
  answer: (subject: LinkRequestAnswerSubject) => Promise<LinkRequestAnswerResponse>;
  /** After an accepted request: the user's clubs and roles are read again. */
  afterAccept: () => Promise<unknown> | void;
  toast: Toast;
}

/** Sends the answer and says the server's message; an acceptance refreshes the user. */
export function createLinkRequestAnswerImplementations(deps: LinkRequestAnswerDeps) {
  return {
    actors: {
      run: fromPromise<LinkRequestAnswerResponse, { subject: LinkRequestAnswerSubject }>(
        async ({ input }) => {
          const answered = await deps.answer(input.subject);
          if (input.subject.answer === 'accept') await deps.afterAccept();
          return answered;
        },
      ),
    },
    actions: {
      notifyDone: (_, { output }) => deps.toast(output.message),
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<LinkRequestAnswerSubject, LinkRequestAnswerResponse>;
}
