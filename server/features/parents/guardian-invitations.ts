import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  GuardianInviteResponse,
  guardianInviteSchema,
} from '../../../contract/parents.schema';
import { clubPermissionRefusal } from '../../auth/require-club-permission';
import type { CurrentUser } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { invitations } from '../../db/schema/invitations';
import { guardianLinks } from '../../db/schema/parents';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../audit-log/record-audit';
import type { InvitationsService } from '../invitations/invitations.service';

type InviteInput = z.output<typeof guardianInviteSchema>;
type Skipped = GuardianInviteResponse['skipped'][number];

/** The e-mail as users.email holds it (lower case, no spaces), or null when there is none. */
const normalEmail = (email: string | null): string | null => email?.trim().toLowerCase() || null;

/**
 * `POST /api/parents/invite` (issue #15): the club's staff (players.update in `club_id`,
 * the club guard's rules) invite the guardians of current players. With `email`, one
 * invitation for all of them; without, one per guardian e-mail typed on the players. A
 * player who is not a current player of the club, has no guardian e-mail, or is already
 * linked to the account of that e-mail is skipped with the reason. Each invitation is the
 * club's invitation of type guardian (7-day token, mail through the outbox) with the
 * children; children of an older pending guardian invitation to the same e-mail are
 * carried into the new one, which replaces it. Guardians are no players: no plan limit.
 */
export async function inviteGuardians(
  deps: { db: Db; clock: Clock; invitations: InvitationsService },
  inviter: CurrentUser,
  input: InviteInput,
  ip: string,
): Promise<GuardianInviteResponse> {
  const { db, clock } = deps;
  const clubId = input.club_id;
  const refusal = await clubPermissionRefusal(db, inviter, clubId, 'players.update');
  if (refusal) throw refusal;

  const wanted = [...new Set(input.player_ids)];
  const current = await db
    .select({ id: players.userId, guardianEmail: players.guardianEmail })
    .from(players)
    .where(
      and(eq(players.clubId, clubId), inArray(players.userId, wanted), eq(players.inClub, true)),
    );
  const emailOf = new Map(current.map((row) => [row.id, normalEmail(row.guardianEmail)]));
  const linked = await linkedPairs(db, clubId, [...emailOf.keys()]);

  const skipped: Skipped[] = [];
  const groups = new Map<string, number[]>();
  for (const playerId of wanted) {
    if (!emailOf.has(playerId)) {
      skipped.push({ player_id: playerId, reason: 'not_a_player' });
      continue;
    }
    const email = input.email ?? emailOf.get(playerId);
    if (!email) skipped.push({ player_id: playerId, reason: 'no_email' });
    else if (linked.has(`${playerId} ${email}`))
      skipped.push({ player_id: playerId, reason: 'already_linked' });
    else groups.set(email, [...(groups.get(email) ?? []), playerId]);
  }

  const sent: GuardianInviteResponse['sent'] = [];
  for (const [email, playerIds] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const children = await withPendingChildren(db, clock.now(), clubId, email, playerIds);
    await deps.invitations.create(
      clubId,
      inviter,
      { email, type: 'guardian' },
      {
        playerIds: children.map((child) => child.id),
        childNames: children.map((child) => `${child.name} ${child.lastname}`.trim()),
        authorizeOnAccept: input.authorize,
        inTransaction: (tx, invitationId) =>
          recordAudit(tx, {
            actorUserId: inviter.id,
            action: 'guardian.invited',
            clubId,
            targetType: 'invitation',
            targetId: invitationId,
            details: {
              email,
              player_ids: children.map((child) => child.id),
              authorize_on_accept: input.authorize,
            },
            ip,
          }),
      },
    );
    sent.push({ email, player_ids: children.map((child) => child.id) });
  }
  return { sent, skipped };
}

/** "player e-mail" for each link of these players to an account (any status). */
async function linkedPairs(db: Db, clubId: number, playerIds: number[]): Promise<Set<string>> {
  if (playerIds.length === 0) return new Set();
  const rows = await db
    .select({ playerId: guardianLinks.playerId, email: users.email })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.guardianId))
    .where(and(eq(guardianLinks.clubId, clubId), inArray(guardianLinks.playerId, playerIds)));
  return new Set(rows.map((row) => `${row.playerId} ${row.email?.toLowerCase() ?? ''}`));
}

/**
 * `playerIds` plus the current players of the club an older pending guardian invitation
 * to `email` still names (creating the new one revokes it), with their names, by id.
 */
async function withPendingChildren(
  db: Db,
  now: Date,
  clubId: number,
  email: string,
  playerIds: number[],
) {
  const pending = await db
    .select({ playerIds: invitations.playerIds })
    .from(invitations)
    .where(
      and(
        eq(invitations.clubId, clubId),
        eq(invitations.email, email),
        eq(invitations.type, 'guardian'),
        eq(invitations.status, 'pending'),
        gt(invitations.expiresAt, now),
      ),
    );
  const ids = [...new Set([...playerIds, ...pending.flatMap((row) => row.playerIds)])];
  return db
    .select({ id: users.id, name: users.name, lastname: users.lastname })
    .from(players)
    .innerJoin(users, eq(users.id, players.userId))
    .where(and(eq(players.clubId, clubId), inArray(players.userId, ids), eq(players.inClub, true)))
    .orderBy(asc(users.id));
}
