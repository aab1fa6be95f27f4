import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type PlayerGuardian,
  type guardianAuthorizeSchema,
  parentMessages,
} from '../../../contract/parents.schema';
import { clubPermissionRefusal } from '../../auth/require-club-permission';
import type { CurrentUser } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { guardianLinks } from '../../db/schema/parents';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../audit-log/record-audit';
import type { Tx } from '../people/people.service';

type AuthorizeInput = z.output<typeof guardianAuthorizeSchema>;

const childNotFound = () => new AppError(404, parentMessages.childNotFound);

/** The guardians of a child in a club as the staff see them: primary first, then by name. */
export async function guardiansOfPlayer(
  db: Db | Tx,
  clubId: number,
  playerId: number,
  guardianId?: number,
): Promise<PlayerGuardian[]> {
  const rows = await db
    .select({
      guardianId: guardianLinks.guardianId,
      name: users.name,
      lastname: users.lastname,
      email: users.email,
      status: guardianLinks.status,
      isPrimary: guardianLinks.isPrimary,
      decidedAt: guardianLinks.decidedAt,
    })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.guardianId))
    .where(
      and(
        eq(guardianLinks.clubId, clubId),
        eq(guardianLinks.playerId, playerId),
        guardianId === undefined ? undefined : eq(guardianLinks.guardianId, guardianId),
      ),
    )
    .orderBy(
      desc(guardianLinks.isPrimary),
      asc(users.lastname),
      asc(users.name),
      asc(guardianLinks.guardianId),
    );
  return rows.map((row) => ({
    guardian_id: row.guardianId,
    name: row.name,
    lastname: row.lastname,
    email: row.email,
    status: row.status,
    is_primary: row.isPrimary,
    decided_at: row.decidedAt?.toISOString() ?? null,
  }));
}

/**
 * `PUT /api/parents/child/{id}/authorize` (issue #15): authorises or denies the link of
 * `guardian_id` to the child `{id}` in `club_id`. Who may: a super admin; the club's staff
 * with players.update there (the club guard's rules); the child's authorised primary
 * guardian, for another guardian. Any other guardian of the child gets 403; anyone with no
 * link to the child and no staff permission 404 (the child is not revealed), as does a
 * child who is no player of the club; a guardian without a link to the child 404
 * notGuardian. Authorising a child with no primary guardian makes this one primary;
 * denying the primary clears the flag. The child's player row is locked first, so two
 * decisions about the same child never race for the primary flag.
 */
export async function decideGuardianLink(
  deps: { db: Db; clock: Clock },
  caller: CurrentUser,
  childId: number,
  input: AuthorizeInput,
  ip: string,
): Promise<PlayerGuardian> {
  const { db, clock } = deps;
  const { club_id: clubId, guardian_id: guardianId, status } = input;
  const refusal = await clubPermissionRefusal(db, caller, clubId, 'players.update');
  // A suspended club refuses its members whatever they come to do.
  if (refusal?.statusCode === 423) throw refusal;
  const staff = refusal === undefined;

  return db.transaction(async (tx) => {
    const now = clock.now();
    const [child] = await tx
      .select({ id: players.userId })
      .from(players)
      .where(and(eq(players.clubId, clubId), eq(players.userId, childId)))
      .for('no key update');
    if (!child) throw childNotFound();
    const links = await tx
      .select({
        guardianId: guardianLinks.guardianId,
        status: guardianLinks.status,
        isPrimary: guardianLinks.isPrimary,
      })
      .from(guardianLinks)
      .where(and(eq(guardianLinks.clubId, clubId), eq(guardianLinks.playerId, childId)));
    if (!staff) {
      const mine = links.find((link) => link.guardianId === caller.id);
      if (!mine) throw childNotFound();
      const primary = mine.status === 'authorized' && mine.isPrimary;
      if (!primary || guardianId === caller.id) {
        throw new AppError(403, parentMessages.cannotAuthorize);
      }
    }
    const target = links.find((link) => link.guardianId === guardianId);
    if (!target) throw new AppError(404, parentMessages.notGuardian);
    const otherPrimary = links.some((link) => link.isPrimary && link.guardianId !== guardianId);
    await tx
      .update(guardianLinks)
      .set({
        status,
        isPrimary: status === 'authorized' && (target.isPrimary || !otherPrimary),
        decidedBy: caller.id,
        decidedAt: now,
      })
      .where(
        and(
          eq(guardianLinks.clubId, clubId),
          eq(guardianLinks.playerId, childId),
          eq(guardianLinks.guardianId, guardianId),
        ),
      );
    await recordAudit(tx, {
      actorUserId: caller.id,
      action: status === 'authorized' ? 'guardian.authorized' : 'guardian.denied',
      clubId,
      targetType: 'player',
      targetId: childId,
      details: {
        guardian_id: guardianId,
        previous: target.status,
        as: staff ? 'staff' : 'primary',
      },
      ip,
      at: now,
    });
    const [decided] = await guardiansOfPlayer(tx, clubId, childId, guardianId);
    if (!decided) throw new Error('the decided guardian link vanished');
    return decided;
  });
}
