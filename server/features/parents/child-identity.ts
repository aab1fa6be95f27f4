import { and, eq } from 'drizzle-orm';
import {
  type ChildIdentity,
  type ChildIdentityUpdate,
  parentMessages,
} from '../../../contract/parents.schema';
import type { Db } from '../../db/client';
import { guardianLinks } from '../../db/schema/parents';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../audit-log/record-audit';
import { writeIdentity } from '../people/person-identity';

/*
 * A minor's identity is theirs (issue #33 item 1): no club changes it once the child has
 * an account or belongs to another club. An authorised guardian (in any club) does, here:
 * `PUT /api/parents/child/{id}/identity`, under the same advisory locks and 409s as a
 * club's edit (people.service.ts `writeIdentity`), with an audit-log row.
 */

export const identityColumns = {
  id: users.id,
  name: users.name,
  lastname: users.lastname,
  document_type: users.documentType,
  document_number: users.documentNumber,
  birth_date: users.birthDate,
  gender: users.gender,
};

/** Whether `guardianId` holds an authorised link to `childId` in some club. */
async function isAuthorisedGuardian(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  guardianId: number,
  childId: number,
) {
  const [link] = await db
    .select({ clubId: guardianLinks.clubId })
    .from(guardianLinks)
    .where(
      and(
        eq(guardianLinks.guardianId, guardianId),
        eq(guardianLinks.playerId, childId),
        eq(guardianLinks.status, 'authorized'),
      ),
    )
    .limit(1);
  return link !== undefined;
}

export async function updateChildIdentity(
  db: Db,
  clock: Clock,
  guardianId: number,
  childId: number,
  patch: ChildIdentityUpdate,
): Promise<ChildIdentity> {
  return db.transaction(async (tx) => {
    if (!(await isAuthorisedGuardian(tx, guardianId, childId))) {
      throw new AppError(404, parentMessages.childNotFound);
    }
    const [person] = await tx
      .select({ documentType: users.documentType, documentNumber: users.documentNumber })
      .from(users)
      .where(eq(users.id, childId))
      .for('update');
    if (!person) throw new AppError(404, parentMessages.childNotFound);
    await writeIdentity(tx, childId, patch, person);
    const changed = Object.keys(patch).filter(
      (key) => patch[key as keyof ChildIdentityUpdate] !== undefined,
    );
    await recordAudit(tx, {
      actorUserId: guardianId,
      action: 'child.identity_changed',
      targetType: 'user',
      targetId: childId,
      details: { fields: changed },
      at: clock.now(),
    });
    const [row] = await tx.select(identityColumns).from(users).where(eq(users.id, childId));
    return row as ChildIdentity;
  });
}
