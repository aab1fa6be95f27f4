import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  parentChildrenResponseSchema,
  playerDashboardResponseSchema,
} from '../../contract/parents.schema';
import { ADULT_AGE, ageOn } from '../../contract/people.schema';
import { users } from '../../server/db/schema/users';
import { seedDemoIfEmpty } from '../../server/db/seed/demo';
import { DEMO_CLUB_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { describeEachDatabase, login } from './support/test-app';

/*
 * Issue #15 item 5: padre@demo.club is the authorised, primary guardian of two demo
 * players (one with an overdue payment) and waits for the club on a third; jugador@demo.club
 * has payments and attendance of their own. Read through the API the dashboards use.
 */
const NOW = new Date('2026-03-31T15:00:00Z');

describeEachDatabase('the demo club’s families', (ctx) => {
  const get = async (email: string, url: string) => {
    const token = (await login(ctx, email, DEMO_PASSWORD)).json().token as string;
    const response = await ctx.request({ method: 'GET', url, token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    ctx.clock.set(NOW);
    expect(await seedDemoIfEmpty(ctx.db, { storage: ctx.storage, now: NOW })).toBe(true);
  });

  it('gives the demo parent two authorised children, one overdue, and one pending', async () => {
    const { data } = parentChildrenResponseSchema.parse(
      await get('padre@demo.club', '/api/parents/children'),
    );
    expect(data.map((child) => [child.club.name, child.status, child.is_primary])).toEqual([
      [DEMO_CLUB_NAME, 'authorized', true],
      [DEMO_CLUB_NAME, 'authorized', true],
      [DEMO_CLUB_NAME, 'pending', false],
    ]);
    const authorised = data.filter((child) => child.status === 'authorized');
    expect(authorised.map((child) => child.summary?.category?.name)).toEqual(['Sub-17', 'Sub-17']);
    const overdue = authorised.filter((child) =>
      child.summary!.payments.some((payment) => payment.status === 'overdue'),
    );
    expect(overdue).toHaveLength(1);
    expect(overdue[0]!.summary!.debt).toBeGreaterThan(0);
    expect(data[2]!.summary).toBeNull();
  });

  it('gives the demo player, an adult, payments and attendance of their own', async () => {
    const { data } = playerDashboardResponseSchema.parse(
      await get('jugador@demo.club', '/api/dashboard/player'),
    );
    expect(data).toHaveLength(1);
    const { summary } = data[0]!;
    expect(summary.category?.name).toBe('Mayores');
    const [account] = await ctx.db
      .select({ birthDate: users.birthDate })
      .from(users)
      .where(eq(users.email, 'jugador@demo.club'));
    expect(ageOn(account!.birthDate!, NOW.toISOString().slice(0, 10))).toBeGreaterThanOrEqual(
      ADULT_AGE,
    );
    expect(summary.attendance.counted).toBeGreaterThan(0);
    expect(summary.payments.length).toBeGreaterThan(0);
    // No demo child of the parent is the player account.
    const { data: children } = parentChildrenResponseSchema.parse(
      await get('padre@demo.club', '/api/parents/children'),
    );
    expect(children.map((child) => child.player.id)).not.toContain(data[0]!.player.id);
  });
});
