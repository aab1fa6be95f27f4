import { and, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { modules, permissions, rolePermissions, roles } from '../../server/db/schema/access';
import { clubs } from '../../server/db/schema/clubs';
import { clubMemberships } from '../../server/db/schema/memberships';
import { userOnboarding } from '../../server/db/schema/onboarding';
import { users } from '../../server/db/schema/users';
import { categories } from '../../server/db/schema/categories';
import { players } from '../../server/db/schema/players';
import { categoryTrainers } from '../../server/db/schema/trainers';
import {
  chargeCategories,
  charges,
  clubPaymentMethods,
  discounts,
  playerDiscounts,
} from '../../server/db/schema/money';
import { paymentMethods } from '../../server/db/schema/reference';
import {
  DEMO_ENROLLMENT_FEE,
  DEMO_UNIFORM_PRICE,
  demoMonthlyFees,
} from '../../server/db/seed/demo-money';
import { demoCategoryBands } from '../../server/db/seed/demo-people';
import { ageOn, documentNumberProblem, isoToday } from '../../contract/people.schema';
import type { Db } from '../../server/db/client';
import { prepareDatabase } from '../../server/db/prepare';
import { seedDemoIfEmpty } from '../../server/db/seed/demo';
import { DEMO_CLUB_NAME, DEMO_PASSWORD, demoAccounts } from '../../server/db/seed/demo-accounts';
import { seedReference } from '../../server/db/seed/reference';
import { roleNames } from '../../contract/roles.schema';
import { describeEachDatabase, login } from './support/test-app';

async function counts(db: Db) {
  const [u] = await db.select({ n: count() }).from(users);
  const [c] = await db.select({ n: count() }).from(clubs);
  const [m] = await db.select({ n: count() }).from(clubMemberships);
  const [o] = await db.select({ n: count() }).from(userOnboarding);
  const [r] = await db.select({ n: count() }).from(roles);
  const [mo] = await db.select({ n: count() }).from(modules);
  const [p] = await db.select({ n: count() }).from(permissions);
  const [rp] = await db.select({ n: count() }).from(rolePermissions);
  return {
    users: u?.n,
    clubs: c?.n,
    memberships: m?.n,
    onboarding: o?.n,
    roles: r?.n,
    modules: mo?.n,
    permissions: p?.n,
    rolePermissions: rp?.n,
  };
}

/** Three trainers and 120 players the demo club added (no accounts). */
const DEMO_ADDED_PEOPLE = 3 + 120;

describeEachDatabase('the seeds', (ctx) => {
  it('creates the six roles, nine modules and 37 permissions of the specification', async () => {
    const roleRows = await ctx.db.select().from(roles);
    expect(roleRows.map((role) => role.name).sort()).toEqual([...roleNames].sort());
    const priority = Object.fromEntries(roleRows.map((role) => [role.name, role.priority]));
    // Super Admin > Propietario > Contador > Entrenador > Padre/Acudiente > Jugador
    expect(priority['Super Admin']).toBeGreaterThan(priority['Propietario del Club']!);
    expect(priority['Propietario del Club']).toBeGreaterThan(priority.Contador!);
    expect(priority.Contador).toBeGreaterThan(priority.Entrenador!);
    expect(priority.Entrenador).toBeGreaterThan(priority['Padre/Acudiente']!);
    expect(priority['Padre/Acudiente']).toBeGreaterThan(priority.Jugador!);

    expect(await counts(ctx.db)).toMatchObject({ modules: 9, permissions: 37 });
    const [settings] = await ctx.db
      .select()
      .from(permissions)
      .where(eq(permissions.name, 'settings.manage'));
    expect(settings).toMatchObject({ moduleId: null, action: 'manage' });
  });

  it('creates the demo club and accounts on an empty users table', async () => {
    expect(await seedDemoIfEmpty(ctx.db, { storage: ctx.storage })).toBe(true);

    const [club] = await ctx.db.select().from(clubs).where(eq(clubs.name, DEMO_CLUB_NAME));
    expect(club).toBeDefined();
    for (const account of demoAccounts) {
      const [user] = await ctx.db.select().from(users).where(eq(users.email, account.email));
      expect(user, account.email).toMatchObject({
        name: account.name,
        lastname: account.lastname,
        isSuperAdmin: account.isSuperAdmin,
        currentClubId: account.role ? club!.id : null,
      });
      const held = await ctx.db
        .select({ role: roles.name })
        .from(clubMemberships)
        .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
        .where(and(eq(clubMemberships.userId, user!.id), eq(clubMemberships.clubId, club!.id)));
      // The super admin works in the demo club as super admin, not as a member of it.
      expect(held.map((row) => row.role)).toEqual(
        account.role && !account.isSuperAdmin ? [account.role] : [],
      );
      const [onboarding] = await ctx.db
        .select()
        .from(userOnboarding)
        .where(eq(userOnboarding.userId, user!.id));
      expect(onboarding?.completed, account.email).toBe(account.onboardingCompleted);
    }
  });

  it('gives the demo club four trainers and 121 players who fit their categories', async () => {
    const [club] = await ctx.db.select().from(clubs).where(eq(clubs.name, DEMO_CLUB_NAME));
    const holders = async (role: string) =>
      ctx.db
        .select({ userId: clubMemberships.userId })
        .from(clubMemberships)
        .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
        .where(and(eq(clubMemberships.clubId, club!.id), eq(roles.name, role)));
    expect(await holders('Entrenador')).toHaveLength(4);
    const playerIds = (await holders('Jugador')).map((row) => row.userId);
    expect(playerIds).toHaveLength(121);

    const [trainer] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'entrenador@demo.club'));
    const trainerCategories = await ctx.db
      .select({ name: categories.name })
      .from(categoryTrainers)
      .innerJoin(categories, eq(categories.id, categoryTrainers.categoryId))
      .where(eq(categoryTrainers.userId, trainer!.id));
    expect(trainerCategories).toHaveLength(2);

    const rows = await ctx.db
      .select({ person: users, player: players, category: categories })
      .from(players)
      .innerJoin(users, eq(users.id, players.userId))
      .innerJoin(categories, eq(categories.id, players.categoryId))
      .where(eq(players.clubId, club!.id));
    expect(rows).toHaveLength(121);
    const today = isoToday();
    const documents = new Set<string>();
    for (const { person, player, category } of rows) {
      const label = `${person.name} ${person.lastname}`;
      const birthYear = Number(person.birthDate!.slice(0, 4));
      expect(birthYear, label).toBeGreaterThanOrEqual(category.birthYearFrom);
      expect(birthYear, label).toBeLessThanOrEqual(category.birthYearTo ?? 9999);
      if (category.gender !== 'mixed') expect(person.gender, label).toBe(category.gender);
      const age = ageOn(person.birthDate!, today);
      const expectedType = age < 7 ? 'RC' : age < 18 ? 'TI' : 'CC';
      expect(person.documentType, label).toBe(expectedType);
      expect(documentNumberProblem(expectedType, person.documentNumber!), label).toBeNull();
      documents.add(`${person.documentType}${person.documentNumber}`);
      if (age < 18) {
        expect(player.guardianName, label).toBeTruthy();
        expect(player.guardianPhone, label).toMatch(/^3\d{9}$/);
      }
    }
    expect(documents.size).toBe(121);
    const inactive = rows.filter((row) => row.player.status === 'inactive').length;
    expect(inactive).toBeGreaterThan(0);
    expect(inactive).toBeLessThan(15);
    // Colombian names with their accents.
    expect(
      rows.some((row) => /[áéíóúñÁÉÍÓÚÑ]/.test(`${row.person.name}${row.person.lastname}`)),
    ).toBe(true);
  });

  it('gives the demo club its money catalogue: methods, discounts, a fee per category, enrollment and uniform', async () => {
    await seedReference(ctx.db);
    await seedDemoIfEmpty(ctx.db, { storage: ctx.storage });
    const [club] = await ctx.db
      .select({ id: clubs.id })
      .from(clubs)
      .where(eq(clubs.name, DEMO_CLUB_NAME));
    const clubId = club!.id;
    const methods = await ctx.db
      .select({ code: paymentMethods.code, details: clubPaymentMethods.details })
      .from(clubPaymentMethods)
      .innerJoin(paymentMethods, eq(paymentMethods.id, clubPaymentMethods.paymentMethodId))
      .where(and(eq(clubPaymentMethods.clubId, clubId), eq(clubPaymentMethods.accepted, true)));
    expect(methods.map((method) => method.code).sort()).toEqual(['cash', 'nequi', 'transfer']);
    expect(methods.every((method) => (method.details ?? '').length > 10)).toBe(true);

    const discountRows = await ctx.db
      .select({
        id: discounts.id,
        name: discounts.name,
        kind: discounts.kind,
        value: discounts.value,
      })
      .from(discounts)
      .where(eq(discounts.clubId, clubId));
    expect(discountRows.map(({ name, kind, value }) => ({ name, kind, value }))).toEqual([
      { name: 'Plan Hermanos', kind: 'siblings', value: 15 },
      { name: 'Beca', kind: 'percentage', value: 100 },
    ]);

    const chargeRows = await ctx.db
      .select({ id: charges.id, name: charges.name, amount: charges.amount, scope: charges.scope })
      .from(charges)
      .where(eq(charges.clubId, clubId));
    const fees = chargeRows.filter((charge) => charge.name.startsWith('Mensualidad '));
    expect(fees).toHaveLength(demoCategoryBands.length);
    // Each fee bills exactly its category, at that category's price.
    for (const band of demoCategoryBands) {
      const fee = fees.find((charge) => charge.name === `Mensualidad ${band.name}`)!;
      expect(fee.amount).toBe(demoMonthlyFees[band.name]);
      const billed = await ctx.db
        .select({ name: categories.name })
        .from(chargeCategories)
        .innerJoin(categories, eq(categories.id, chargeCategories.categoryId))
        .where(eq(chargeCategories.chargeId, fee.id));
      expect(billed).toEqual([{ name: band.name }]);
    }
    expect(
      chargeRows
        .filter((charge) => charge.scope === 'all')
        .map((c) => c.amount)
        .sort(),
    ).toEqual([DEMO_ENROLLMENT_FEE, DEMO_UNIFORM_PRICE].sort());

    // The discounts' holders are current players of the club.
    const holders = await ctx.db
      .select({ userId: playerDiscounts.userId, inClub: players.inClub, name: discounts.name })
      .from(playerDiscounts)
      .innerJoin(discounts, eq(discounts.id, playerDiscounts.discountId))
      .innerJoin(
        players,
        and(eq(players.clubId, playerDiscounts.clubId), eq(players.userId, playerDiscounts.userId)),
      )
      .where(eq(playerDiscounts.clubId, clubId));
    // 'Plan Hermanos' is a sibling rule: it reaches families through guardian links.
    expect(holders.filter((row) => row.name === 'Plan Hermanos')).toHaveLength(0);
    expect(holders.filter((row) => row.name === 'Beca')).toHaveLength(2);
    expect(holders.every((row) => row.inClub)).toBe(true);
  });

  it('lets every demo account log in with the demo password', async () => {
    for (const account of demoAccounts) {
      expect((await login(ctx, account.email, DEMO_PASSWORD)).statusCode, account.email).toBe(200);
    }
  });

  it('creates nothing twice when the seeds and the start-up run again', async () => {
    const before = await counts(ctx.db);
    expect(await seedDemoIfEmpty(ctx.db, { storage: ctx.storage })).toBe(false);
    await seedReference(ctx.db);
    expect(await prepareDatabase(ctx.handle, { demo: true, storage: ctx.storage })).toEqual({
      demoSeeded: false,
    });
    expect(await counts(ctx.db)).toEqual(before);
    expect(before).toMatchObject({
      users: demoAccounts.length + DEMO_ADDED_PEOPLE,
      clubs: 1,
      // The five club roles of the demo accounts (not the super admin) and the people added.
      memberships: 5 + DEMO_ADDED_PEOPLE,
      onboarding: demoAccounts.length,
      roles: 6,
    });
  });

  it('does not grant again a default permission an admin removed', async () => {
    const [owner] = await ctx.db.select().from(roles).where(eq(roles.name, 'Propietario del Club'));
    const [manage] = await ctx.db
      .select()
      .from(permissions)
      .where(eq(permissions.name, 'settings.manage'));
    const where = and(
      eq(rolePermissions.roleId, owner!.id),
      eq(rolePermissions.permissionId, manage!.id),
    );
    expect(await ctx.db.select().from(rolePermissions).where(where)).toHaveLength(1);

    await ctx.db.delete(rolePermissions).where(where);
    await seedReference(ctx.db);
    expect(await ctx.db.select().from(rolePermissions).where(where)).toHaveLength(0);
  });
});
