import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { playerListQuerySchema } from '../../contract/players.schema';
import { paymentListQuerySchema } from '../../contract/payments.schema';
import { categories } from '../../server/db/schema/categories';
import { charges } from '../../server/db/schema/money';
import { payments } from '../../server/db/schema/payments';
import { players } from '../../server/db/schema/players';
import { users } from '../../server/db/schema/users';
import { listPayments } from '../../server/features/payments/payments.queries';
import { listPlayers } from '../../server/features/players/players-list';
import { withRowMapper } from '../../server/lib/row-mapper';
import { demoClubId } from './support/demo-callers';
import { describeEachDatabase } from './support/test-app';

/*
 * server/lib/row-mapper.ts maps the rows of the hot lists itself: what it gives must be
 * what drizzle gives for the same statement, value for value, nested and null objects
 * included.
 */
describeEachDatabase(
  'rows mapped once per statement',
  (ctx) => {
    it('maps a select as drizzle does: columns, decoders, nested and left-joined objects', async () => {
      const guardian = alias(users, 'guardian');
      const select = () =>
        ctx.db
          .select({
            id: players.userId,
            name: users.name,
            birth_date: users.birthDate,
            created_at: users.createdAt,
            has_account: isNotNull(users.passwordHash),
            jersey: sql`${players.jerseyNumber}`.mapWith(Number),
            doubled: sql<number>`${players.userId} * 2`,
            settings: sql<unknown>`json_build_object('a', 1, 'b', ${users.name})`,
            category: { id: categories.id, name: categories.name },
            person: { id: users.id, lastname: users.lastname, clubs: sql<number>`1` },
            guardian: { id: guardian.id, name: guardian.name },
          })
          .from(players)
          .innerJoin(users, eq(users.id, players.userId))
          .leftJoin(categories, eq(categories.id, players.categoryId))
          .leftJoin(guardian, eq(guardian.id, players.categoryId))
          .orderBy(asc(players.userId));
      // Some players without a category: a null object among the others.
      const [first] = await ctx.db.select({ userId: players.userId }).from(players).limit(1);
      await ctx.db
        .update(players)
        .set({ categoryId: null })
        .where(eq(players.userId, first!.userId));

      const drizzles = await select().prepare('row_mapper_drizzle').execute();
      const ours = await withRowMapper(select().prepare('row_mapper_ours')).execute();
      expect(drizzles.length).toBeGreaterThan(10);
      expect(drizzles.some((row) => row.category === null)).toBe(true);
      expect(drizzles.some((row) => row.category !== null)).toBe(true);
      expect(ours).toEqual(drizzles);
    });

    it('gives the players and payments lists the rows drizzle gave them', async () => {
      const clubId = await demoClubId(ctx);
      const playerQueries = [{}, { sort: '-birth_date', pageSize: '10' }, { q: 'a' }];
      for (const raw of playerQueries) {
        const page = await listPlayers(ctx.db, clubId, playerListQuerySchema.parse(raw), undefined);
        expect(page.data.length, JSON.stringify(raw)).toBeGreaterThan(0);
        const [row] = await ctx.db
          .select({ id: users.id, name: users.name, birth: users.birthDate })
          .from(users)
          .where(eq(users.id, page.data[0]!.id));
        expect(page.data[0]!.name).toBe(row!.name);
        expect(page.data[0]!.birth_date).toBe(row!.birth);
        for (const player of page.data) {
          expect(player.category === null || typeof player.category.id === 'number').toBe(true);
          expect(typeof player.has_account).toBe('boolean');
        }
      }
      const page = await listPayments(ctx.db, clubId, paymentListQuerySchema.parse({}), {
        scope: undefined,
        now: new Date(),
      });
      expect(page.data.length).toBeGreaterThan(0);
      const [payment] = await ctx.db
        .select({ amountDue: payments.amountDue, charge: charges.name, player: users.lastname })
        .from(payments)
        .innerJoin(charges, eq(charges.id, payments.chargeId))
        .innerJoin(users, eq(users.id, payments.userId))
        .where(eq(payments.id, page.data[0]!.id));
      expect(page.data[0]).toMatchObject({
        amount_due: payment!.amountDue,
        charge: { name: payment!.charge },
        player: { lastname: payment!.player },
      });
      expect(page.data[0]!.balance).toBe(page.data[0]!.amount_due - page.data[0]!.amount_paid);
    });
  },
  { demo: true },
);
