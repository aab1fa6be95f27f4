import { and, eq, inArray } from 'drizzle-orm';
import { DATA_POLICY_VERSION } from '../../../contract/parents.schema';
import { categories } from '../../db/schema/categories';
import type { linkRequests } from '../../db/schema/link-requests';
import { dataConsents, guardianLinks } from '../../db/schema/parents';
import type { players } from '../../db/schema/players';
import { trainers } from '../../db/schema/trainers';
import { type Tx, grantRole } from '../people/people.service';
import { jerseyHolders, upsertPlayerRow } from '../players/player-rules';
import { type ConsentOrigin, USER_AGENT_MAX } from '../parents/guardian-registration';
import { setTrainerCategories } from '../trainers/category-trainers';

/*
 * What accepting a link request writes (issue #33 item 1), inside the answer's transaction
 * (link-request.answer.ts has locked the request and checked it is still pending): the
 * role and the club's row with the fields the club sent, without what no longer fits (a
 * category no longer active, a jersey now taken), and for a child the guardian who
 * accepted as their guardian in the new club. The new club receives the person's data, so
 * the acceptor's data-processing authorisation (Ley 1581) for that club is kept too, as a
 * guardian invitation keeps it.
 */

/** The stored club fields a player's row gets, without what no longer fits. */
async function fittingPlayerColumns(
  tx: Tx,
  clubId: number,
  personId: number,
  stored: Record<string, unknown>,
) {
  const columns: Record<string, unknown> = { ...stored };
  const categoryId = typeof columns.categoryId === 'number' ? columns.categoryId : null;
  if (categoryId !== null) {
    const [active] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          eq(categories.id, categoryId),
          eq(categories.clubId, clubId),
          eq(categories.status, 'active'),
        ),
      )
      .for('share');
    if (!active) {
      delete columns.categoryId;
      delete columns.jerseyNumber;
    }
  }
  const jersey = typeof columns.jerseyNumber === 'number' ? columns.jerseyNumber : null;
  if (jersey !== null && typeof columns.categoryId === 'number') {
    const holders = await jerseyHolders(tx, clubId, [columns.categoryId]);
    if (holders.some((holder) => holder.jersey === jersey && holder.userId !== personId)) {
      delete columns.jerseyNumber;
    }
  }
  return columns as Partial<typeof players.$inferInsert>;
}

/**
 * The guardian who accepted for a child stays the child's guardian in the new club: the
 * Padre/Acudiente role there and an authorised link (primary when the child has none
 * yet), so they see the child's sessions and payments of that club and are told of them.
 */
async function keepGuardian(
  tx: Tx,
  clubId: number,
  childId: number,
  guardianId: number,
  now: Date,
) {
  await grantRole(tx, guardianId, clubId, 'Padre/Acudiente');
  const [primary] = await tx
    .select({ guardianId: guardianLinks.guardianId })
    .from(guardianLinks)
    .where(
      and(
        eq(guardianLinks.clubId, clubId),
        eq(guardianLinks.playerId, childId),
        eq(guardianLinks.isPrimary, true),
      ),
    );
  await tx
    .insert(guardianLinks)
    .values({
      clubId,
      playerId: childId,
      guardianId,
      status: 'authorized',
      isPrimary: !primary,
      createdAt: now,
      decidedBy: guardianId,
      decidedAt: now,
    })
    .onConflictDoNothing({
      target: [guardianLinks.clubId, guardianLinks.playerId, guardianLinks.guardianId],
    });
}

/** The club's categories among `ids` that still exist. */
async function existingCategories(tx: Tx, clubId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.clubId, clubId), inArray(categories.id, ids)));
  return rows.map((row) => row.id);
}

/**
 * Writes the membership a pending `request` asked for; `answeredBy` is who accepted (the
 * person, an authorised guardian, or null for an e-mail-only recipient's token, who is
 * the person themself). The authorisation row is the acceptor's: for a minor the
 * guardian gives it, as their legal representative.
 */
export async function acceptRequest(
  tx: Tx,
  request: typeof linkRequests.$inferSelect,
  answeredBy: number | null,
  now: Date,
  origin: ConsentOrigin,
) {
  const { clubId, personId, fields } = request;
  await tx.insert(dataConsents).values({
    userId: answeredBy ?? personId,
    clubId,
    version: DATA_POLICY_VERSION,
    acceptedAt: now,
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
  });
  if (fields.kind === 'player') {
    await grantRole(tx, personId, clubId, 'Jugador');
    const columns = await fittingPlayerColumns(tx, clubId, personId, fields.columns);
    await upsertPlayerRow(tx, clubId, personId, { ...columns, status: 'active' }, now);
    if (answeredBy !== null && answeredBy !== personId) {
      await keepGuardian(tx, clubId, personId, answeredBy, now);
    }
    return;
  }
  await grantRole(tx, personId, clubId, 'Entrenador');
  await tx
    .insert(trainers)
    .values({ clubId, userId: personId, status: 'active', createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [trainers.clubId, trainers.userId],
      set: { status: 'active', updatedAt: now },
    });
  await setTrainerCategories(
    tx,
    clubId,
    personId,
    await existingCategories(tx, clubId, fields.categoryIds),
  );
}
