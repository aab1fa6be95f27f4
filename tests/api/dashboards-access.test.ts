import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { dashboardMessages } from '../../contract/dashboards.schema';
import { users } from '../../server/db/schema/users';
import { tokenOf } from './support/sessions';
import { describeEachDatabase } from './support/test-app';

/*
 * Issue #16: each of the six dashboards opens exactly for the demo account holding its
 * role (the super admin: every one), 403 `notYourRole` (`notYourFamilyRole` on the player's
 * and parent's) for every other account (also the new user and the one without a club) and
 * 401 without a session.
 */

const endpoints = [
  'club-owner',
  'accountant',
  'trainer',
  'player',
  'parent',
  'super-admin',
] as const;
type Endpoint = (typeof endpoints)[number];

/** The demo accounts and the dashboards each opens. */
const opens: Record<string, readonly Endpoint[]> = {
  'admin@demo.club': endpoints,
  'propietario@demo.club': ['club-owner'],
  'contador@demo.club': ['accountant'],
  'entrenador@demo.club': ['trainer'],
  'jugador@demo.club': ['player'],
  'padre@demo.club': ['parent'],
  'nuevo@demo.club': [],
  'sinclub@demo.club': [],
};

describeEachDatabase(
  'who opens which dashboard',
  (ctx) => {
    const tokens = new Map<string, string>();

    beforeAll(async () => {
      for (const email of Object.keys(opens)) {
        const [user] = await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, email));
        expect(user, email).toBeDefined();
        tokens.set(email, await tokenOf(ctx, user!.id));
      }
    });

    it('opens each dashboard to its role only (the super admin: all) and refuses the rest', async () => {
      const answers: string[] = [];
      const expected: string[] = [];
      for (const [email, allowed] of Object.entries(opens)) {
        for (const endpoint of endpoints) {
          const response = await ctx.request({
            method: 'GET',
            url: `/api/dashboard/${endpoint}`,
            token: tokens.get(email)!,
          });
          answers.push(`${email} ${endpoint} ${response.statusCode}`);
          const status = allowed.includes(endpoint) ? 200 : 403;
          expected.push(`${email} ${endpoint} ${status}`);
          if (status === 403) {
            const family = endpoint === 'player' || endpoint === 'parent';
            expect(response.json(), `${email} ${endpoint}`).toEqual({
              message: family
                ? dashboardMessages.notYourFamilyRole(
                    endpoint === 'player' ? 'Jugador' : 'Padre/Acudiente',
                  )
                : dashboardMessages.notYourRole,
            });
          }
        }
      }
      expect(answers).toEqual(expected);
    });

    it('asks for a session on every dashboard', async () => {
      for (const endpoint of endpoints) {
        const response = await ctx.request({ method: 'GET', url: `/api/dashboard/${endpoint}` });
        expect(response.statusCode, endpoint).toBe(401);
      }
    });
  },
  { demo: true },
);
