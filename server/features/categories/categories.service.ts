import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  type Category,
  type CategoryCreate,
  type CategoryListQuery,
  type CategoryListResponse,
  type CategoryUpdate,
  categoryMessages,
} from '../../../contract/categories.schema';
import type { PersonGender } from '../../../contract/profile.schema';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { invitations } from '../../db/schema/invitations';
import { chargeCategories, charges } from '../../db/schema/money';
import { payments } from '../../db/schema/payments';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { applyList, byName, listClauses, pageWithTotal, totalCount } from '../../lib/list-query';
import { isUniqueViolation } from '../../lib/sql-state';
import { countCurrentPlayers } from '../players/category-players';
import { setCategoryTrainers, withPeople } from './category-people';
import { fittingCategories } from './category-fit';

/** A 400 about one field that the contract could not judge alone (it needs the clock or the row). */
const badField = (path: string, message: string): AppError =>
  new AppError(400, message, { errors: [{ path, message }] });

const duplicateName = () =>
  new AppError(409, categoryMessages.duplicateName, {
    errors: [{ path: 'name', message: categoryMessages.duplicateName }],
  });

/** Runs a write and turns the (club, lower(name)) unique violation into the Spanish 409. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'categories_club_name_unique')) throw duplicateName();
    throw error;
  }
}

export interface CategoriesService {
  list(clubId: number, query: CategoryListQuery): Promise<CategoryListResponse>;
  create(clubId: number, input: CategoryCreate): Promise<Category>;
  update(clubId: number, categoryId: number, input: CategoryUpdate): Promise<Category>;
  remove(clubId: number, categoryId: number): Promise<Category>;
  /** The club's active categories a player born on `birthday` (YYYY-MM-DD) of `gender` fits. */
  fitting(clubId: number, birthday: string, gender: PersonGender): Promise<Category[]>;
}

/**
 * A club's categories. The club guard has checked the caller's categories.* permission in
 * the club of the URL; every query here is scoped to that club, so another club's
 * category is a 404.
 */
export function createCategoriesService({
  db,
  clock,
}: {
  db: Db;
  clock: Clock;
}): CategoriesService {
  /** Refuses a birth year after the current one (the server's clock), on its field. */
  function checkYearsNotFuture(input: { birth_year_from?: number; birth_year_to?: number | null }) {
    const thisYear = clock.now().getUTCFullYear();
    for (const field of ['birth_year_from', 'birth_year_to'] as const) {
      const value = input[field];
      if (typeof value === 'number' && value > thisYear)
        throw badField(field, categoryMessages.futureYear);
    }
  }

  const mine = (clubId: number, categoryId: number) =>
    and(eq(categories.clubId, clubId), eq(categories.id, categoryId));

  return {
    /** One page, filtered by gender/status and `q` over name and sport, the id as last sort key. */
    async list(clubId, query) {
      const clauses = listClauses(
        query,
        {
          sortKeys: {
            name: [byName(categories.name)],
            birth_year_from: [categories.birthYearFrom, byName(categories.name)],
          },
          searchColumns: [categories.name, categories.sport],
          id: categories.id,
        },
        eq(categories.clubId, clubId),
        query.gender === undefined ? undefined : eq(categories.gender, query.gender),
        query.status === undefined ? undefined : eq(categories.status, query.status),
      );
      const page = await applyList(
        db.select({ row: categories, total: totalCount() }).from(categories).$dynamic(),
        clauses,
      );
      const { rows, total } = await pageWithTotal(page, clauses, async () => {
        const [counted] = await db.select({ n: count() }).from(categories).where(clauses.where);
        return counted?.n ?? 0;
      });
      return {
        data: await withPeople(
          db,
          clubId,
          rows.map(({ row }) => row),
        ),
        total,
      };
    },

    /** The category and its trainers in one transaction. */
    async create(clubId, input) {
      checkYearsNotFuture(input);
      const now = clock.now();
      return uniqueName(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(categories)
            .values({
              clubId,
              name: input.name,
              sport: input.sport ?? null,
              gender: input.gender,
              birthYearFrom: input.birth_year_from,
              birthYearTo: input.birth_year_to ?? null,
              status: input.status,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          if (input.trainer_ids) await setCategoryTrainers(tx, clubId, row!.id, input.trainer_ids);
          const [category] = await withPeople(tx, clubId, [row!]);
          return category!;
        }),
      );
    },

    /** Changes only the fields sent; the year range is checked against the stored values. */
    async update(clubId, categoryId, input) {
      checkYearsNotFuture(input);
      const row = await uniqueName(() =>
        db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(categories)
            .where(mine(clubId, categoryId))
            .for('update');
          if (!current) throw new AppError(404, categoryMessages.notFound);
          const from = input.birth_year_from ?? current.birthYearFrom;
          const to = input.birth_year_to === undefined ? current.birthYearTo : input.birth_year_to;
          if (to !== null && from > to) {
            const field = input.birth_year_to === undefined ? 'birth_year_from' : 'birth_year_to';
            throw badField(field, categoryMessages.yearsBackwards);
          }
          const [updated] = await tx
            .update(categories)
            .set({
              ...(input.name !== undefined && { name: input.name }),
              ...(input.sport !== undefined && { sport: input.sport }),
              ...(input.gender !== undefined && { gender: input.gender }),
              ...(input.status !== undefined && { status: input.status }),
              birthYearFrom: from,
              birthYearTo: to,
              updatedAt: clock.now(),
            })
            .where(mine(clubId, categoryId))
            .returning();
          if (input.trainer_ids)
            await setCategoryTrainers(tx, clubId, categoryId, input.trainer_ids);
          const [category] = await withPeople(tx, clubId, [updated!]);
          return category!;
        }),
      );
      return row;
    },

    /**
     * Deletes the category and takes it out of the club's invitations that name it, in one
     * transaction (`category_ids` has no foreign key). A category the club's current
     * players (Jugador members) are in is refused with 409 saying how many (DOMAIN.md),
     * and so is one that payments were billed under (they keep it: money history);
     * former players' rows lose it through the foreign key. The category row is locked
     * first, so a player joining it at the same time waits and then finds it gone.
     */
    async remove(clubId, categoryId) {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(mine(clubId, categoryId))
          .for('update');
        if (!locked) throw new AppError(404, categoryMessages.notFound);
        const inIt = await countCurrentPlayers(tx, clubId, categoryId);
        if (inIt > 0) throw new AppError(409, categoryMessages.hasPlayers(inIt));
        // charge_categories RESTRICTs the delete: say which charge instead of a 500.
        const [billing] = await tx
          .select({ name: charges.name })
          .from(chargeCategories)
          .innerJoin(charges, eq(charges.id, chargeCategories.chargeId))
          .where(eq(chargeCategories.categoryId, categoryId))
          .limit(1);
        if (billing) throw new AppError(409, categoryMessages.inCharge(billing.name));
        // Payments keep the category they were billed under (RESTRICT): money history stays.
        const [billed] = await tx
          .select({ n: count() })
          .from(payments)
          .where(and(eq(payments.clubId, clubId), eq(payments.categoryId, categoryId)));
        if (billed && billed.n > 0) throw new AppError(409, categoryMessages.hasPayments(billed.n));
        const [row] = await tx.delete(categories).where(mine(clubId, categoryId)).returning();
        if (!row) throw new AppError(404, categoryMessages.notFound);
        const [answer] = await withPeople(tx, clubId, [row]);
        await tx
          .update(invitations)
          .set({ categoryIds: sql`array_remove(${invitations.categoryIds}, ${categoryId})` })
          .where(
            and(
              eq(invitations.clubId, clubId),
              sql`${categoryId} = any(${invitations.categoryIds})`,
            ),
          );
        return answer!;
      });
    },

    async fitting(clubId, birthday, gender) {
      const today = clock.now().toISOString().slice(0, 10);
      if (birthday > today) throw badField('birthday', categoryMessages.futureBirthday);
      // The club's active categories, judged by the rule the players import also uses.
      const active = await db
        .select()
        .from(categories)
        .where(and(eq(categories.clubId, clubId), eq(categories.status, 'active')))
        .orderBy(asc(categories.birthYearFrom), asc(byName(categories.name)), asc(categories.id));
      const rows = fittingCategories(active, birthday, gender);
      return withPeople(db, clubId, rows);
    },
  };
}
