import { expect, it } from 'vitest';
import { type TestContext, describeEachDatabase, login } from './support/test-app';

const DEMO_PASSWORD = 'Demo1234!';

const errorPaths = (response: { json: () => unknown }) =>
  ((response.json() as { errors?: { path: string }[] }).errors ?? []).map((error) => error.path);

async function tokenOf(ctx: TestContext, email: string) {
  const response = await login(ctx, email, DEMO_PASSWORD);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string; user: { id: number } }>();
}

describeEachDatabase(
  'Club settings API (GET/PATCH /api/pla_club_teams/:id/settings)',
  (ctx) => {
    it('reads and changes the club billing settings for settings.manage only', async () => {
      const owner = await tokenOf(ctx, 'propietario@demo.club');
      const url = '/api/pla_club_teams/1/settings';
      const read = await ctx.request({ method: 'GET', url, token: owner.token });
      expect(read.statusCode, read.body).toBe(200);

      const changed = await ctx.request({
        method: 'PATCH',
        url,
        token: owner.token,
        body: { non_billing_months: [12, 1, 12], payment_reminder_offsets: [5, -3, 0] },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toEqual({
        data: { non_billing_months: [1, 12], payment_reminder_offsets: [-3, 0, 5] },
      });

      const bad = await ctx.request({
        method: 'PATCH',
        url,
        token: owner.token,
        body: { non_billing_months: [13], payment_reminder_offsets: [120] },
      });
      expect(bad.statusCode).toBe(400);
      expect(errorPaths(bad).sort()).toEqual([
        'non_billing_months.0',
        'payment_reminder_offsets.0',
      ]);

      const trainer = await tokenOf(ctx, 'entrenador@demo.club');
      for (const method of ['GET', 'PATCH'] as const) {
        const refused = await ctx.request({ method, url, token: trainer.token, body: {} });
        expect(refused.statusCode, method).toBe(403);
      }
    });
  },
  { demo: true },
);
