import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { clubMessages } from '../../../contract/clubs.schema';
import { clubs } from '../../db/schema/clubs';
import { invitations } from '../../db/schema/invitations';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { addMs } from '../../lib/clock';
import { hashSecretToken } from '../../lib/secret-token';
import type { OutgoingMail } from '../../mail/mailer';
import type { MailOutbox } from '../../mail/outbox';
import { invitationMail } from '../invitations/invitation.mail';
import { INVITATION_TTL_MS, fullName } from '../invitations/invitations.rules';
import { type Tx, roleId } from '../people/people.service';

/*
 * The invitation a trainer the club added gets, so they can set a password and sign in.
 * It is the invitations feature's invitation (same token, hash, expiry, e-mail and
 * outbox), written here inside the trainer's transaction: the invitations service's
 * `create` opens its own transaction and refuses a person who already holds the role,
 * which the trainer does by then. The caller dispatches the returned mail after commit.
 */

export interface TrainerInvitationDeps {
  clock: Clock;
  outbox: MailOutbox;
  appUrl: string;
}

/** Revokes the club's pending trainer invitations for `email` (a newer one, or the trainer left). */
export async function revokeTrainerInvitations(tx: Tx, clubId: number, email: string, now: Date) {
  await tx
    .update(invitations)
    .set({ status: 'revoked', answeredAt: now })
    .where(
      and(
        eq(invitations.clubId, clubId),
        eq(invitations.email, email),
        eq(invitations.type, 'trainer'),
        eq(invitations.status, 'pending'),
      ),
    );
}

/** Writes a 'trainer' invitation for `email` and its e-mail in the outbox, in `tx`. */
export async function inviteTrainer(
  { clock, outbox, appUrl }: TrainerInvitationDeps,
  tx: Tx,
  input: { clubId: number; email: string; inviterId: number; categoryIds: number[] },
): Promise<OutgoingMail> {
  const [club] = await tx
    .select({ name: clubs.name, timezone: clubs.timezone })
    .from(clubs)
    .where(eq(clubs.id, input.clubId));
  if (!club) throw new AppError(404, clubMessages.notFound);
  const [sender] = await tx
    .select({ name: users.name, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, input.inviterId));

  const now = clock.now();
  const expiresAt = addMs(now, INVITATION_TTL_MS);
  const token = randomBytes(32).toString('hex');
  await revokeTrainerInvitations(tx, input.clubId, input.email, now);
  await tx.insert(invitations).values({
    tokenHash: hashSecretToken(token),
    type: 'trainer',
    clubId: input.clubId,
    roleId: await roleId(tx, 'Entrenador'),
    invitedBy: input.inviterId,
    email: input.email,
    categoryIds: input.categoryIds,
    expiresAt,
    createdAt: now,
  });
  return outbox.add(
    tx,
    invitationMail({
      appUrl,
      email: input.email,
      token,
      clubName: club.name,
      roleName: 'Entrenador',
      inviterName: sender ? fullName(sender.name, sender.lastname) : null,
      expiresAt,
      timeZone: club.timezone,
    }),
  );
}
