import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { isRealIsoDate } from '../../../contract/common.schema';
import { ADULT_AGE, ageOn } from '../../../contract/people.schema';
import { type PlayerCreate, playerMessages } from '../../../contract/players.schema';
import { categories } from '../../db/schema/categories';
import { players } from '../../db/schema/players';
import { AppError, conflictOn } from '../../lib/app-error';
import type { Db } from '../../db/client';
import type { Tx } from '../people/people.service';
import { type CategoryScope, withinScope } from './player-scope';

/*
 * The rules a player's club fields follow that the contract cannot judge alone: they need
 * the server's clock, the stored row or the club's categories. Each refusal names its field.
 */

/** The club's fields of a player as the contract spells them (create and edit). */
export type ClubFieldsInput = Partial<
  Pick<
    PlayerCreate,
    | 'category_id'
    | 'position'
    | 'dominant_foot'
    | 'jersey_number'
    | 'enrollment_date'
    | 'payment_modality'
    | 'eps'
    | 'blood_type'
    | 'allergies'
    | 'emergency_contact_name'
    | 'emergency_contact_phone'
    | 'guardian_name'
    | 'guardian_phone'
    | 'guardian_email'
    | 'guardian_relationship'
  >
>;

/** A 400 naming one or more fields with the same message. */
const badFields = (paths: string[], message: string): AppError =>
  new AppError(400, message, { errors: paths.map((path) => ({ path, message })) });

/** The `players` columns the sent fields set (absent fields untouched, null clears). */
export function clubColumns(input: ClubFieldsInput): Partial<typeof players.$inferInsert> {
  const columns: Partial<typeof players.$inferInsert> = {
    categoryId: input.category_id,
    position: input.position,
    dominantFoot: input.dominant_foot,
    jerseyNumber: input.jersey_number,
    enrollmentDate: input.enrollment_date,
    paymentModality: input.payment_modality,
    eps: input.eps,
    bloodType: input.blood_type,
    allergies: input.allergies,
    emergencyContactName: input.emergency_contact_name,
    emergencyContactPhone: input.emergency_contact_phone,
    guardianName: input.guardian_name,
    guardianPhone: input.guardian_phone,
    guardianEmail: input.guardian_email,
    guardianRelationship: input.guardian_relationship,
  };
  return Object.fromEntries(
    Object.entries(columns).filter(([, value]) => value !== undefined),
  ) as Partial<typeof players.$inferInsert>;
}

/** Writes the club's row for the player: inserted the first time, else only `columns` change. */
export async function upsertPlayerRow(
  tx: Tx,
  clubId: number,
  userId: number,
  columns: Partial<typeof players.$inferInsert>,
  now: Date,
) {
  await tx
    .insert(players)
    .values({ ...columns, clubId, userId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [players.clubId, players.userId],
      set: { ...columns, updatedAt: now },
    });
}

/**
 * A minor on `today` (the server's Bogotá date) needs the guardian's name and phone: 400
 * on each one missing.
 */
export function checkGuardian(
  today: string,
  birthDate: string | null | undefined,
  guardian: { name?: string | null; phone?: string | null },
) {
  if (!birthDate || ageOn(birthDate, today) >= ADULT_AGE) return;
  const missing = [
    ...(guardian.name ? [] : ['guardian_name']),
    ...(guardian.phone ? [] : ['guardian_phone']),
  ];
  if (missing.length > 0) throw badFields(missing, playerMessages.guardianRequired);
}

/** The enrollment date must be a real day (the contract checks only its shape). */
export function checkEnrollmentDate(value: string | null | undefined) {
  if (value && !isRealIsoDate(value)) {
    throw badFields(['enrollment_date'], 'La fecha de inscripción no es una fecha real');
  }
}

/**
 * A category a player is put in must be an active category of this club (and, for a
 * trainer, one of theirs): 400 on category_id otherwise. Locks it against a delete.
 */
export async function checkActiveCategory(
  tx: Tx,
  clubId: number,
  categoryId: number,
  scope: CategoryScope,
) {
  const [found] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.id, categoryId),
        eq(categories.clubId, clubId),
        eq(categories.status, 'active'),
        withinScope(scope, categories.id),
      ),
    )
    .for('share');
  if (!found) throw badFields(['category_id'], playerMessages.categoryNotFound);
}

/**
 * The current players (in_club) of the club's `categoryIds` who wear a number: the one
 * query behind the jersey rule, for the players form (one category) and the import (the
 * categories of a file).
 */
export async function jerseyHolders(
  db: Db | Tx,
  clubId: number,
  categoryIds: number[],
): Promise<{ userId: number; categoryId: number; jersey: number }[]> {
  const rows = await db
    .select({
      userId: players.userId,
      categoryId: players.categoryId,
      jersey: players.jerseyNumber,
    })
    .from(players)
    .where(
      and(
        eq(players.clubId, clubId),
        inArray(players.categoryId, categoryIds),
        eq(players.inClub, true),
        isNotNull(players.jerseyNumber),
      ),
    );
  // The conditions hold both columns non-null.
  return rows as { userId: number; categoryId: number; jersey: number }[];
}

/** No two current players of a category share a jersey number: 409 on jersey_number. */
export async function checkJersey(
  tx: Tx,
  clubId: number,
  userId: number,
  categoryId: number | null | undefined,
  jersey: number | null | undefined,
) {
  if (categoryId == null || jersey == null) return;
  const holders = await jerseyHolders(tx, clubId, [categoryId]);
  const taken = holders.some((holder) => holder.jersey === jersey && holder.userId !== userId);
  if (taken) throw conflictOn('jersey_number', playerMessages.jerseyTaken);
}
