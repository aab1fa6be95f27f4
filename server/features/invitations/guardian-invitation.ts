import { asc, inArray } from 'drizzle-orm';
import type { GuardianInvitation, InvitationType } from '../../../contract/invitations.schema';
import {
  DATA_POLICY_VERSION,
  dataPolicyText,
  parentMessages,
} from '../../../contract/parents.schema';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Tx } from '../people/people.service';
import type { InvitationRow } from './invitations.rules';

/*
 * A guardian invitation (issue #15) on the invitee's side: the public page shows its
 * children and the data-processing text; it is accepted only through
 * `POST /api/parents/register/{token}`, which records the consent and links the children
 * in the acceptance's transaction.
 */

/** What a guardian registration does inside the acceptance's transaction. */
export type GuardianAcceptHook = (
  tx: Tx,
  accepted: { invitation: InvitationRow; userId: number; now: Date },
) => Promise<void>;

/** The public page's `guardian` part: the children's names, the authorisation, the text. */
export async function guardianInvitationOf(
  db: Db,
  invitation: InvitationRow,
  clubName: string,
): Promise<GuardianInvitation> {
  const children =
    invitation.playerIds.length === 0
      ? []
      : await db
          .select({ name: users.name, lastname: users.lastname })
          .from(users)
          .where(inArray(users.id, invitation.playerIds))
          .orderBy(asc(users.name), asc(users.lastname), asc(users.id));
  return {
    players: children,
    authorize_on_accept: invitation.authorizeOnAccept,
    data_policy: { version: DATA_POLICY_VERSION, text: dataPolicyText(clubName) },
  };
}

/**
 * Refuses an acceptance through the wrong door: a guardian invitation on the generic
 * accept (422: the consent would be skipped), any other on the guardian registration (404).
 */
export function assertGuardianDoor(type: InvitationType, guardian: GuardianAcceptHook | undefined) {
  if (type === 'guardian' && !guardian) {
    throw new AppError(422, parentMessages.consentRequired, {
      errors: [{ path: 'accept_data_policy', message: parentMessages.consentRequired }],
    });
  }
  if (type !== 'guardian' && guardian) {
    throw new AppError(404, parentMessages.notGuardianInvitation);
  }
}
