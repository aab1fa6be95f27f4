import { count, eq, inArray, sql } from 'drizzle-orm';
import { ONBOARDING_TOTAL_STEPS } from '../../features/onboarding/onboarding.flows';
import { hashPassword } from '../../auth/passwords';
import { isoToday } from '../../../contract/people.schema';
import type { Db } from '../client';
import type { Tx } from '../../features/people/people.service';
import { roles } from '../schema/access';
import { categories } from '../schema/categories';
import { clubs } from '../schema/clubs';
import { clubMemberships } from '../schema/memberships';
import { players } from '../schema/players';
import { categoryTrainers, trainers } from '../schema/trainers';
import { userOnboarding } from '../schema/onboarding';
import { users } from '../schema/users';
import { DEMO_CLUB_NAME, DEMO_PASSWORD, demoAccounts } from './demo-accounts';
import { currentMonth } from '../../features/payment-generation/periods';
import type { FileStorage } from '../../storage/storage';
import { seedDemoBlog } from './demo-blog';
import { seedDemoCalendar } from './demo-calendar';
import { seedDemoFamilies } from './demo-families';
import { seedDemoMoney } from './demo-money';
import { seedDemoNotifications } from './demo-notifications';
import { seedDemoPayments } from './demo-payments';
import {
  DEMO_PLAYER_ROLE,
  DEMO_TRAINER_ROLE,
  demoCategoryBands,
  demoClubTrainers,
  demoPlayers,
  demoTrainerAccountCategories,
} from './demo-people';

/** The demo owner, who set up the club's charges. */
const DEMO_OWNER_EMAIL = 'propietario@demo.club';

const allSteps = Array.from({ length: ONBOARDING_TOTAL_STEPS }, (_, index) => index + 1);

/** The demo club's seven categories, as birth-year bands counted back from `year`. */
const demoCategories = (clubId: number, year: number): (typeof categories.$inferInsert)[] =>
  demoCategoryBands.map(({ name, gender, oldest, youngest }) => ({
    clubId,
    name,
    sport: 'Fútbol',
    gender,
    birthYearFrom: year - oldest,
    birthYearTo: year - youngest,
  }));

/**
 * The demo club's trainers and players (demo-people.ts): the demo trainer account in two
 * categories, three trainers the club added (no password yet), 120 players and the demo
 * player account, an adult in Mayores (the demo parent's children: demo-families.ts).
 */
async function seedDemoPeople(
  tx: Tx,
  clubId: number,
  today: string,
  accountIds: Map<string, number>,
) {
  const year = Number(today.slice(0, 4));
  const categoryRows = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.clubId, clubId));
  const categoryId = new Map(categoryRows.map((row) => [row.name, row.id]));
  const [trainerRole, playerRole] = await Promise.all(
    [DEMO_TRAINER_ROLE, DEMO_PLAYER_ROLE].map(async (name) => {
      const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
      if (!row) throw new Error(`Role ${name} is missing: run the reference seed first`);
      return row.id;
    }),
  );

  const added = await tx
    .insert(users)
    .values(
      demoClubTrainers.map((trainer) => ({
        name: trainer.name,
        lastname: trainer.lastname,
        email: trainer.email,
        documentType: 'CC',
        documentNumber: trainer.documentNumber,
        phone: trainer.phone,
      })),
    )
    .returning({ id: users.id });
  const trainerAccount = accountIds.get('entrenador@demo.club')!;
  const trainerIds = [trainerAccount, ...added.map((row) => row.id)];
  const trainerCategories = [
    demoTrainerAccountCategories,
    ...demoClubTrainers.map((t) => t.categories),
  ];
  await tx
    .insert(clubMemberships)
    .values(added.map((row) => ({ userId: row.id, clubId, roleId: trainerRole! })));
  await tx.insert(trainers).values(trainerIds.map((userId) => ({ clubId, userId })));
  await tx
    .insert(categoryTrainers)
    .values(
      trainerIds.flatMap((userId, index) =>
        trainerCategories[index]!.map((name) => ({ categoryId: categoryId.get(name)!, userId })),
      ),
    );

  const people = demoPlayers(today);
  const playerRows = await tx
    .insert(users)
    .values(people.map((player) => player.person))
    .returning({ id: users.id });
  await tx
    .insert(clubMemberships)
    .values(playerRows.map((row) => ({ userId: row.id, clubId, roleId: playerRole! })));
  await tx.insert(players).values(
    people.map(({ club: { categoryName, ...fields } }, index) => ({
      ...fields,
      clubId,
      userId: playerRows[index]!.id,
      categoryId: categoryId.get(categoryName)!,
    })),
  );

  const playerAccount = accountIds.get('jugador@demo.club')!;
  await tx
    .update(users)
    .set({
      documentType: 'CC',
      documentNumber: '1099887766',
      birthDate: `${year - 19}-03-14`,
      gender: 'male',
    })
    .where(eq(users.id, playerAccount));
  await tx.insert(players).values({
    clubId,
    userId: playerAccount,
    // An adult: no guardian; his mother is whom to call in an emergency.
    categoryId: categoryId.get('Mayores')!,
    position: 'Delantero',
    jerseyNumber: 21,
    enrollmentDate: `${year - 1}-02-01`,
    eps: 'Sura',
    bloodType: 'O+',
    emergencyContactName: 'Marta Álvarez Ríos',
    emergencyContactPhone: '3007654321',
  });
}

/**
 * The demo's club, people and memberships as if they had been registered over the years
 * the club has billed (issue #34 item 6: Análisis Global showed 0 clubs and players from
 * July to November beside $ 2–4 M billed): each player (their account and membership) on
 * their enrollment day at noon in the club's zone, never after `now`; the club and its
 * staff a month before the first enrollment.
 */
async function backdateDemoPeople(tx: Tx, clubId: number, now: Date) {
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  await tx.execute(sql`
    update ${players} p set created_at = least(
      (p.enrollment_date::timestamp + interval '12 hours') at time zone c.timezone, ${nowAt})
    from ${clubs} c
    where c.id = p.club_id and p.club_id = ${clubId} and p.enrollment_date is not null`);
  await tx.execute(sql`
    update ${clubs} c set created_at = least(
      coalesce((select min(created_at) from ${players} where club_id = ${clubId}), ${nowAt})
        - interval '1 month', ${nowAt})
    where c.id = ${clubId}`);
  // A player's account and membership date from the enrollment; everyone else's (staff,
  // families) from the club's start.
  await tx.execute(sql`
    update ${users} u set created_at = coalesce(
      (select min(p.created_at) from ${players} p where p.user_id = u.id and p.club_id = ${clubId}),
      (select created_at from ${clubs} where id = ${clubId}))
    where u.id in (select user_id from ${clubMemberships} where club_id = ${clubId})
      or u.id in (select user_id from ${players} where club_id = ${clubId})
      or u.is_super_admin`);
  await tx.execute(sql`
    update ${clubMemberships} m set created_at = coalesce(
      (select p.created_at from ${players} p where p.user_id = m.user_id and p.club_id = m.club_id),
      (select created_at from ${clubs} where id = ${clubId}))
    where m.club_id = ${clubId}`);
}

/** Where the demo's files go (the app's storage) and the instant the demo is made at. */
export interface DemoSeedOptions {
  /** The app's storage: the demo's proofs of payment are read back from it. */
  storage: FileStorage;
  /** Now, by default the system's: the six months of payments end in its month. */
  now?: Date;
}

/**
 * Creates the demo club and accounts when the users table is empty; does nothing
 * otherwise. Needs the reference seed first (roles). Returns whether it seeded.
 */
export async function seedDemoIfEmpty(db: Db, options: DemoSeedOptions): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;

  // One scrypt hash per account, each with its own salt, before the transaction opens.
  const hashes = await Promise.all(demoAccounts.map(() => hashPassword(DEMO_PASSWORD)));

  await db.transaction(async (tx) => {
    const [club] = await tx
      .insert(clubs)
      .values({ name: DEMO_CLUB_NAME, country: 'CO', sport: 'Fútbol' })
      .returning({ id: clubs.id, timezone: clubs.timezone });
    if (!club) throw new Error('demo club insert returned no row');
    // The club's today (Bogotá), so ages and category years agree on New Year's Eve too.
    const today = isoToday();
    const year = Number(today.slice(0, 4));
    await tx.insert(categories).values(demoCategories(club.id, year));
    const roleNames = demoAccounts.flatMap((account) => (account.role ? [account.role] : []));
    const roleRows = await tx
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(inArray(roles.name, roleNames));
    const roleIdByName = new Map(roleRows.map((row) => [row.name, row.id]));

    const accountIds = new Map<string, number>();
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
      accountIds.set(account.email, user.id);

      // The super admin works in every club as super admin, never as one of its members:
      // no membership, so no club lists them among its people (issue #17).
      if (account.role && !account.isSuperAdmin) {
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
    await seedDemoPeople(tx, club.id, today, accountIds);
    const now = options.now ?? new Date();
    const ownerId = accountIds.get(DEMO_OWNER_EMAIL)!;
    await seedDemoMoney(tx, club.id, currentMonth(now, club.timezone), ownerId);
    await seedDemoPayments(tx, {
      clubId: club.id,
      timeZone: club.timezone,
      storage: options.storage,
      now,
      actors: {
        accountantId: accountIds.get('contador@demo.club')!,
        ownerId,
        playerAccountId: accountIds.get('jugador@demo.club')!,
      },
    });
    await seedDemoFamilies(tx, {
      clubId: club.id,
      parentId: accountIds.get('padre@demo.club')!,
      playerAccountId: accountIds.get('jugador@demo.club')!,
      ownerId,
      now,
    });
    await seedDemoCalendar(tx, { clubId: club.id, timeZone: club.timezone, now, ownerId });
    await seedDemoNotifications(tx, {
      clubId: club.id,
      now,
      ownerId,
      superAdminId: accountIds.get('admin@demo.club')!,
    });
    await seedDemoBlog(tx, { authorId: accountIds.get('admin@demo.club')!, now });
    await backdateDemoPeople(tx, club.id, now);
  });
  return true;
}
