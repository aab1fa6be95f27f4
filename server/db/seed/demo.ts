import { count, inArray } from 'drizzle-orm';
import { ONBOARDING_TOTAL_STEPS } from '../../features/onboarding/onboarding.flows';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../client';
import { roles } from '../schema/access';
import { categories } from '../schema/categories';
import { clubs } from '../schema/clubs';
import { clubMemberships } from '../schema/memberships';
import { userOnboarding } from '../schema/onboarding';
import { users } from '../schema/users';
import { DEMO_CLUB_NAME, DEMO_PASSWORD, demoAccounts } from './demo-accounts';

const allSteps = Array.from({ length: ONBOARDING_TOTAL_STEPS }, (_, index) => index + 1);

/** The demo club's six categories, as birth-year bands counted back from `year`. */
const demoCategories = (clubId: number, year: number): (typeof categories.$inferInsert)[] =>
  (
    [
      ['Sub-8 Mixta', 'mixed', 7, 6],
      ['Sub-10', 'male', 9, 8],
      ['Sub-12', 'male', 11, 10],
      ['Sub-14', 'male', 13, 12],
      ['Sub-15 Femenino', 'female', 14, 11],
      ['Sub-17', 'male', 16, 14],
    ] as const
  ).map(([name, gender, oldest, youngest]) => ({
    clubId,
    name,
    sport: 'Fútbol',
    gender,
    birthYearFrom: year - oldest,
    birthYearTo: year - youngest,
  }));

/**
 * Creates the demo club and accounts when the users table is empty; does nothing
 * otherwise. Needs the reference seed first (roles). Returns whether it seeded.
 */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;

  // One scrypt hash per account, each with its own salt, before the transaction opens.
  const hashes = await Promise.all(demoAccounts.map(() => hashPassword(DEMO_PASSWORD)));

  await db.transaction(async (tx) => {
    const [club] = await tx
      .insert(clubs)
      .values({ name: DEMO_CLUB_NAME })
      .returning({ id: clubs.id });
    if (!club) throw new Error('demo club insert returned no row');
    await tx.insert(categories).values(demoCategories(club.id, new Date().getUTCFullYear()));
    const roleNames = demoAccounts.flatMap((account) => (account.role ? [account.role] : []));
    const roleRows = await tx
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(inArray(roles.name, roleNames));
    const roleIdByName = new Map(roleRows.map((row) => [row.name, row.id]));

    for (const [index, account] of demoAccounts.entries()) {
      const [user] = await tx
        .insert(users)
        .values({
          name: account.name,
          lastname: account.lastname,
          email: account.email,
          passwordHash: hashes[index]!,
          isSuperAdmin: account.isSuperAdmin,
          currentClubId: account.role ? club.id : null,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('demo user insert returned no row');

      if (account.role) {
        const roleId = roleIdByName.get(account.role);
        if (roleId === undefined)
          throw new Error(`Role ${account.role} is missing: run the reference seed first`);
        await tx.insert(clubMemberships).values({ userId: user.id, clubId: club.id, roleId });
      }
      await tx.insert(userOnboarding).values({
        userId: user.id,
        completed: account.onboardingCompleted,
        currentStep: account.onboardingCompleted ? ONBOARDING_TOTAL_STEPS : 1,
        completedSteps: account.onboardingCompleted ? allSteps : [],
        roleName: account.role ?? 'default',
        completedAt: account.onboardingCompleted ? new Date() : null,
      });
    }
  });
  return true;
}
