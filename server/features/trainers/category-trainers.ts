import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type categoryAssignmentSchema,
  categoryMessages,
} from '../../../contract/categories.schema';
import { trainerMessages } from '../../../contract/trainers.schema';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { categoryTrainers } from '../../db/schema/trainers';
import { AppError } from '../../lib/app-error';
import { badField } from '../members/members.service';
import { type Tx, holdersOf } from '../people/people.service';

/*
 * Which trainers work with which categories of a club (`category_trainers`): set from the
 * trainer's form (category_ids) or from the category's side (add / remove).
 */

type Assignment = z.output<typeof categoryAssignmentSchema>;

export const categoryTrainerMessages = {
  notTrainers: (ids: number[]) =>
    `${ids.length === 1 ? 'Esta persona no es entrenador' : 'Estas personas no son entrenadores'} del club: ${ids.join(', ')}`,
  addAndRemove: 'Una persona no puede estar a la vez en add y en remove',
} as const;

/** The club's categories' ids as a subquery (scopes every delete to this club). */
const clubCategoryIds = (tx: Tx, clubId: number) =>
  tx.select({ id: categories.id }).from(categories).where(eq(categories.clubId, clubId));

/** Refuses (400 on category_ids) any id that is not a category of this club. */
export async function checkClubCategories(tx: Tx, clubId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return wanted;
  const found = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.clubId, clubId), inArray(categories.id, wanted)));
  if (found.length !== wanted.length) {
    throw badField('category_ids', trainerMessages.categoryNotFound);
  }
  return wanted;
}

/** The trainer's categories in this club become exactly `ids` (checked to be the club's). */
export async function setTrainerCategories(
  tx: Tx,
  clubId: number,
  userId: number,
  ids: number[],
): Promise<void> {
  const wanted = await checkClubCategories(tx, clubId, ids);
  await tx
    .delete(categoryTrainers)
    .where(
      and(
        eq(categoryTrainers.userId, userId),
        inArray(categoryTrainers.categoryId, clubCategoryIds(tx, clubId)),
        wanted.length > 0 ? notInArray(categoryTrainers.categoryId, wanted) : undefined,
      ),
    );
  if (wanted.length === 0) return;
  await tx
    .insert(categoryTrainers)
    .values(wanted.map((categoryId) => ({ categoryId, userId })))
    .onConflictDoNothing();
}

/** Takes the person off every category of this club (other clubs' categories untouched). */
export async function removeFromClubCategories(tx: Tx, clubId: number, userId: number) {
  await tx
    .delete(categoryTrainers)
    .where(
      and(
        eq(categoryTrainers.userId, userId),
        inArray(categoryTrainers.categoryId, clubCategoryIds(tx, clubId)),
      ),
    );
}

/**
 * `PATCH …/categories/{categoryId}/trainers`: adds and removes trainers of one category
 * in one transaction. 404 for another club's category; 400 on `add` naming the people who
 * are not trainers of the club. Answers only the ids whose link really changed.
 */
export async function assignCategoryTrainers(
  db: Db,
  clubId: number,
  categoryId: number,
  input: Assignment,
): Promise<{ added: number[]; removed: number[] }> {
  const add = [...new Set(input.add)];
  const remove = [...new Set(input.remove)];
  if (add.some((id) => remove.includes(id))) {
    throw badField('remove', categoryTrainerMessages.addAndRemove);
  }
  return db.transaction(async (tx) => {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, categoryId), eq(categories.clubId, clubId)))
      .for('update');
    if (!category) throw new AppError(404, categoryMessages.notFound);

    const holders = new Set(await holdersOf(tx, clubId, 'Entrenador', add));
    const strangers = add.filter((id) => !holders.has(id));
    if (strangers.length > 0) {
      throw badField('add', categoryTrainerMessages.notTrainers(strangers));
    }
    const added =
      add.length === 0
        ? []
        : await tx
            .insert(categoryTrainers)
            .values(add.map((userId) => ({ categoryId, userId })))
            .onConflictDoNothing()
            .returning({ userId: categoryTrainers.userId });
    const removed =
      remove.length === 0
        ? []
        : await tx
            .delete(categoryTrainers)
            .where(
              and(
                eq(categoryTrainers.categoryId, categoryId),
                inArray(categoryTrainers.userId, remove),
              ),
            )
            .returning({ userId: categoryTrainers.userId });
    return {
      added: added.map((row) => row.userId).sort((a, b) => a - b),
      removed: removed.map((row) => row.userId).sort((a, b) => a - b),
    };
  });
}
