import { describe, expect, it } from 'vitest';
import { paymentListQuerySchema } from '../../contract/payments.schema';
import { listPayments } from '../../server/features/payments/payments.queries';
import { base, moneyClub } from './support/payments';
import { describeEachDatabase } from './support/test-app';

/*
 * server/lib/prepared-shapes.ts: a list's shapes are prepared under names of their own.
 * A transaction is another Db object over a connection the pool hands back afterwards
 * (node-postgres' pool reuses the last one released), and node-postgres refuses a name a
 * connection already holds for another text: the names must follow the shape, not the
 * Db object. The demo seed did this at start-up, and the app then answered 500 at random.
 */

const query = (params: Record<string, unknown>) =>
  paymentListQuerySchema.parse({ pageSize: 100, ...params });

describe('prepared list statements', () => {
  describeEachDatabase('named per shape on every connection', (ctx) => {
    it('lists with one shape inside a transaction, then another outside it', async () => {
      const now = new Date('2026-03-10T15:00:00Z');
      ctx.clock.set(now);
      const f = await moneyClub(ctx);
      const options = { scope: undefined, now };

      // A shape seen first inside a transaction (what the demo seed's payment actions do).
      const inside = await ctx.db.transaction((tx) =>
        listPayments(tx, f.clubId, query({ player_id: f.ana.id, period: '2026-03' }), options),
      );
      expect(inside.total).toBeGreaterThan(0);

      // Other shapes seen first outside it, each asked twice: one connection held the
      // transaction's statement; every answer must match the grid's own.
      const shapes: Record<string, string>[] = [
        { overdue: 'true' },
        { status: 'pending' },
        { period: '2026-02' },
      ];
      for (const params of shapes) {
        for (let round = 0; round < 2; round += 1) {
          const direct = await listPayments(ctx.db, f.clubId, query(params), options);
          const response = await ctx.request({
            method: 'GET',
            url: `${base(f.clubId)}/payments?${new URLSearchParams({ ...params, pageSize: '100' })}`,
            token: f.owner.token,
          });
          expect(response.statusCode, response.body).toBe(200);
          expect(response.json().total).toBe(direct.total);
        }
      }
      // And the transaction's shape, now outside: the same rows.
      const outside = await listPayments(
        ctx.db,
        f.clubId,
        query({ player_id: f.ana.id, period: '2026-03' }),
        options,
      );
      expect(outside.data.map((p) => p.id)).toEqual(inside.data.map((p) => p.id));
    });
  });
});
