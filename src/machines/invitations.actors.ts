import { fromPromise } from 'xstate';
import {
  invitationMessages,
  type ClubInvitation,
  type InvitationCreateInput,
} from '../../contract/invitations.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import { saveFor, type SaveImplementations } from './save.machine';
import type { Toast } from './toast';

/*
 * The invitation dialogs' flows with their effects (STYLE.md §2): the API calls are plain
 * functions described here; src/api/invitations.api.ts's mutations (which refresh the
 * pending list) satisfy them, tests pass fakes.
 */

/** The invitation the server created, with the link it shows once. */
export type SentInvitation = ClubInvitation & { invitation_url: string };

/** 'Invitar usuario': a dialog opened on nothing in particular, that then shows the link. */
export const invitationCreateMachine = saveFor<null, InvitationCreateInput, SentInvitation>();

export const INVITATION_CREATE_OPTIONS = { dialog: true, afterSave: 'show' } as const;

export interface InvitationCreateDeps {
  createInvitation: (values: InvitationCreateInput) => Promise<SentInvitation>;
  toast: Toast;
}

export function createInvitationCreateImplementations(deps: InvitationCreateDeps) {
  return {
    actors: {
      save: fromPromise<SentInvitation, { subject: null; values: InvitationCreateInput }>(
        ({ input }) => deps.createInvitation(input.values),
      ),
    },
    actions: {
      notifySaved: (_, { output }) => deps.toast(invitationMessages.sent(output.email)),
    },
  } satisfies SaveImplementations<null, InvitationCreateInput, SentInvitation>;
}

/** The pending invitation 'Anular' is about. */
export type InvitationToRevoke = Pick<ClubInvitation, 'id' | 'email'>;

/** 'Anular' on a pending invitation: always asked first. */
export const invitationRevokeMachine = confirmActionFor<InvitationToRevoke, void>();

export interface InvitationRevokeDeps {
  revokeInvitation: (id: number) => Promise<void>;
  toast: Toast;
}

export function createInvitationRevokeImplementations(deps: InvitationRevokeDeps) {
  return {
    actors: {
      run: fromPromise<void, { subject: InvitationToRevoke }>(({ input }) =>
        deps.revokeInvitation(input.subject.id),
      ),
    },
    actions: {
      notifyDone: (_, { subject }) => deps.toast(`Invitación a ${subject.email} anulada`),
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<InvitationToRevoke, void>;
}
