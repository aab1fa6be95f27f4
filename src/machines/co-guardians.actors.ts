import { fromPromise } from 'xstate';
import type {
  CoGuardianInviteInput,
  CoGuardianInviteResponse,
} from '../../contract/co-guardians.schema';
import { saveFor, type SaveImplementations, type SaveRequest } from './save.machine';
import type { Toast } from './toast';

/*
 * A primary guardian's 'Invitar a otro acudiente' (issue #34 item 6) on the generic save
 * machine, as a dialog, with its effects (STYLE.md §2). Authorising or revoking another
 * guardian's link uses guardianDecisionMachine (parents.actors.ts).
 */

/** The child a primary guardian invites another guardian for (issue #34 item 6). */
export interface CoGuardianInviteSubject {
  clubId: number;
  playerId: number;
  /** 'Sara Gómez', for the dialog's title. */
  name: string;
}

/** What the dialog sends: who, their e-mail and their relationship to the child. */
export type CoGuardianInviteValues = Omit<CoGuardianInviteInput, 'club_id'>;

/** 'Invitar a otro acudiente' on the child's card: a dialog that sends once and closes. */
export const coGuardianInviteMachine = saveFor<
  CoGuardianInviteSubject,
  CoGuardianInviteValues,
  CoGuardianInviteResponse
>();
export const CO_GUARDIAN_INVITE_OPTIONS = { dialog: true, afterSave: 'close' } as const;

export function createCoGuardianInviteImplementations(deps: {
  invite: (playerId: number, body: CoGuardianInviteInput) => Promise<CoGuardianInviteResponse>;
  toast: Toast;
}) {
  return {
    actors: {
      save: fromPromise<
        CoGuardianInviteResponse,
        SaveRequest<CoGuardianInviteSubject, CoGuardianInviteValues>
      >(({ input: { subject, values } }) => {
        if (subject === null) throw new Error('No child to invite a guardian for');
        return deps.invite(subject.playerId, { ...values, club_id: subject.clubId });
      }),
    },
    actions: {
      // What the server says it did (DOMAIN.md trap 3): sent, linked once they accept.
      notifySaved: (_, { output }) => deps.toast(output.message),
    },
  } satisfies SaveImplementations<
    CoGuardianInviteSubject,
    CoGuardianInviteValues,
    CoGuardianInviteResponse
  >;
}
