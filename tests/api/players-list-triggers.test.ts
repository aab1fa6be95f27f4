import { and, count, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { roles } from '../../server/db/schema/access';
import { categories } from '../../server/db/schema/categories';
import { clubs } from '../../server/db/schema/clubs';
import { clubMemberships, clubRoleCounts } from '../../server/db/schema/memberships';
import { categoryPlayerCounts, players } from '../../server/db/schema/players';
import { users } from '../../server/db/schema/users';
import { playerListQuerySchema } from '../../contract/players.schema';
import { listPlayers } from '../../server/features/players/players-list';
import { folded } from '../../server/lib/list-query';
import { describeEachDatabase } from './support/test-app';

/*
 * club_memberships and players carry copies of the person's names for index-ordered lists
 * (migration 0007): the database's triggers fill them on insert and follow every rename,
 * whatever a writer sends.
 */
describeEachDatabase('the name copies players lists sort by', (ctx) => {
  async function copies(userId: number) {
    const memberships = await ctx.db
      .select({ lastname: clubMemberships.sortLastname, name: clubMemberships.sortName })
      .from(clubMemberships)
      .where(eq(clubMemberships.userId, userId));
    const rows = await ctx.db
      .select({ lastname: players.sortLastname, name: players.sortName })
      .from(players)
      .where(eq(players.userId, userId));
    return { memberships, players: rows };
  }

  async function playerInTwoClubs() {
    const [first, second] = await ctx.db
      .insert(clubs)
      .values([{ name: 'Club Uno' }, { name: 'Club Dos' }])
      .returning({ id: clubs.id });
    const [person] = await ctx.db
      .insert(users)
      .values({ name: 'Sofía', lastname: 'Álvarez Ríos' })
      .returning({ id: users.id });
    const [role] = await ctx.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, 'Jugador'));
    for (const club of [first!, second!]) {
      // A writer that sends the copies gets the person's names anyway.
      await ctx.db.insert(clubMemberships).values({
        userId: person!.id,
        clubId: club.id,
        roleId: role!.id,
        sortLastname: 'Zzz',
        sortName: 'Zzz',
      });
      await ctx.db.insert(players).values({ clubId: club.id, userId: person!.id });
    }
    return person!.id;
  }

  it('fills the copies on insert, in every club of the person', async () => {
    const userId = await playerInTwoClubs();
    const expected = { lastname: 'Álvarez Ríos', name: 'Sofía' };
    expect(await copies(userId)).toEqual({
      memberships: [expected, expected],
      players: [expected, expected],
    });
  });

  it('follows a rename of the name, of the last name or of both', async () => {
    const userId = await playerInTwoClubs();
    await ctx.db.update(users).set({ lastname: 'Zuluaga Peña' }).where(eq(users.id, userId));
    let expected = { lastname: 'Zuluaga Peña', name: 'Sofía' };
    expect(await copies(userId)).toEqual({
      memberships: [expected, expected],
      players: [expected, expected],
    });

    await ctx.db
      .update(users)
      .set({ name: 'Ana Sofía', lastname: 'Bermúdez' })
      .where(eq(users.id, userId));
    expected = { lastname: 'Bermúdez', name: 'Ana Sofía' };
    expect(await copies(userId)).toEqual({
      memberships: [expected, expected],
      players: [expected, expected],
    });
  });

  it('puts a copy written by hand back to the person names', async () => {
    const userId = await playerInTwoClubs();
    await ctx.db
      .update(clubMemberships)
      .set({ sortLastname: 'Aaa' })
      .where(eq(clubMemberships.userId, userId));
    await ctx.db.update(players).set({ sortName: 'Aaa' }).where(eq(players.userId, userId));
    const expected = { lastname: 'Álvarez Ríos', name: 'Sofía' };
    expect(await copies(userId)).toEqual({
      memberships: [expected, expected],
      players: [expected, expected],
    });
  });

  it('orders a club by the copies as it would by the names (ICU: Álvarez before Zapata)', async () => {
    const [club] = await ctx.db
      .insert(clubs)
      .values({ name: 'Club Orden' })
      .returning({ id: clubs.id });
    const [role] = await ctx.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, 'Jugador'));
    const people = await ctx.db
      .insert(users)
      .values([
        { name: 'Juan', lastname: 'Zapata' },
        { name: 'Ángel', lastname: 'Álvarez' },
        { name: 'Ana', lastname: 'Álvarez' },
        { name: 'Eva', lastname: 'avila' },
      ])
      .returning({ id: users.id });
    await ctx.db
      .insert(clubMemberships)
      .values(people.map((person) => ({ userId: person.id, clubId: club!.id, roleId: role!.id })));
    const ordered = await ctx.db
      .select({ name: users.name })
      .from(clubMemberships)
      .innerJoin(users, eq(users.id, clubMemberships.userId))
      .where(eq(clubMemberships.clubId, club!.id))
      .orderBy(
        sql`${clubMemberships.sortLastname} collate "und-x-icu"`,
        sql`${clubMemberships.sortName} collate "und-x-icu"`,
        clubMemberships.userId,
      );
    expect(ordered.map((row) => row.name)).toEqual(['Ana', 'Ángel', 'Eva', 'Juan']);
  });

  it('keeps the players search text folded as lists fold, after renames, documents and guardians', async () => {
    const userId = await playerInTwoClubs();
    const expected = () =>
      folded(
        sql`${users.name} || ' ' || ${users.lastname} || chr(1) || coalesce(${users.documentNumber}, '') || chr(1) || coalesce(${players.guardianName}, '')`,
      );
    const texts = async () =>
      ctx.db
        .select({ stored: players.searchText, expected: expected() })
        .from(players)
        .innerJoin(users, eq(users.id, players.userId))
        .where(eq(players.userId, userId));

    let rows = await texts();
    expect(rows.map((row) => row.stored)).toEqual([
      'sofia alvarez rios\u0001\u0001',
      'sofia alvarez rios\u0001\u0001',
    ]);
    await ctx.db
      .update(users)
      .set({ name: 'ÁNGELA MARÍA', lastname: 'Núñez Çelik', documentNumber: '1020304050' })
      .where(eq(users.id, userId));
    await ctx.db
      .update(players)
      .set({ guardianName: 'Íñigo Ibáñez' })
      .where(eq(players.userId, userId));
    rows = await texts();
    expect(rows[0]!.stored).toBe('angela maria nunez celik\u00011020304050\u0001inigo ibanez');
    for (const row of rows) expect(row.stored).toBe(row.expected);
  });

  it('lists by name and finds by search a member the club has no players row for yet', async () => {
    const [club] = await ctx.db
      .insert(clubs)
      .values({ name: 'Club Sin Filas' })
      .returning({ id: clubs.id });
    const [role] = await ctx.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, 'Jugador'));
    const people = await ctx.db
      .insert(users)
      .values([
        { name: 'Tomás', lastname: 'Zapata', documentNumber: '1234567890' },
        { name: 'Íñigo', lastname: 'Álvarez' },
      ])
      .returning({ id: users.id });
    await ctx.db
      .insert(clubMemberships)
      .values(people.map((person) => ({ userId: person.id, clubId: club!.id, roleId: role!.id })));
    // Only Zapata has a players row (with a guardian); Álvarez joined by an invitation.
    await ctx.db
      .insert(players)
      .values({ clubId: club!.id, userId: people[0]!.id, guardianName: 'Rosa Peña' });
    const list = (query: Record<string, string>) =>
      listPlayers(ctx.db, club!.id, playerListQuerySchema.parse(query), undefined);

    const all = await list({ sort: 'name' });
    expect(all.total).toBe(2);
    expect(all.data.map((player) => player.lastname)).toEqual(['Álvarez', 'Zapata']);
    for (const [q, found] of [
      ['INIGO', ['Álvarez']],
      ['o álv', ['Álvarez']],
      ['peña', ['Zapata']],
      ['4567', ['Zapata']],
      ['zapata1234', []],
    ] as const) {
      const page = await list({ sort: 'name', q });
      expect(
        page.data.map((player) => player.lastname),
        q,
      ).toEqual(found);
      expect(page.total, q).toBe(found.length);
    }
  });

  it('counts each club role as memberships come, go and change role, and the list shows it', async () => {
    const [club] = await ctx.db
      .insert(clubs)
      .values({ name: 'Club Conteo' })
      .returning({ id: clubs.id });
    const roleRows = await ctx.db.select({ id: roles.id, name: roles.name }).from(roles);
    const roleId = (name: string) => roleRows.find((role) => role.name === name)!.id;
    const people = await ctx.db
      .insert(users)
      .values(['Uno', 'Dos', 'Tres', 'Cuatro'].map((name) => ({ name, lastname: 'Conteo' })))
      .returning({ id: users.id });
    await ctx.db.insert(clubMemberships).values(
      people.map((person) => ({
        userId: person.id,
        clubId: club!.id,
        roleId: roleId('Jugador'),
      })),
    );
    await ctx.db.delete(clubMemberships).where(eq(clubMemberships.userId, people[0]!.id));
    await ctx.db
      .update(clubMemberships)
      .set({ roleId: roleId('Entrenador') })
      .where(eq(clubMemberships.userId, people[1]!.id));

    const counters = await ctx.db
      .select({ roleId: clubRoleCounts.roleId, members: clubRoleCounts.members })
      .from(clubRoleCounts)
      .where(eq(clubRoleCounts.clubId, club!.id));
    const counted = await ctx.db
      .select({ roleId: clubMemberships.roleId, members: count() })
      .from(clubMemberships)
      .where(eq(clubMemberships.clubId, club!.id))
      .groupBy(clubMemberships.roleId);
    const byRole = (rows: { roleId: number; members: number }[]) =>
      Object.fromEntries(
        rows.filter((row) => row.members > 0).map((row) => [row.roleId, Number(row.members)]),
      );
    expect(byRole(counters)).toEqual({ [roleId('Jugador')]: 2, [roleId('Entrenador')]: 1 });
    expect(byRole(counters)).toEqual(byRole(counted));

    const list = await listPlayers(ctx.db, club!.id, playerListQuerySchema.parse({}), undefined);
    expect(list.total).toBe(2);
    expect(list.data).toHaveLength(2);
    // A club can still be deleted: its counters go with it.
    await ctx.db.delete(clubMemberships).where(eq(clubMemberships.clubId, club!.id));
    await ctx.db.delete(clubs).where(eq(clubs.id, club!.id));
    const left = await ctx.db
      .select()
      .from(clubRoleCounts)
      .where(eq(clubRoleCounts.clubId, club!.id));
    expect(left).toEqual([]);
  });

  it('keeps players.in_club equal to holding the Jugador role, and a category lists and counts by it', async () => {
    const [club] = await ctx.db
      .insert(clubs)
      .values({ name: 'Club En Club' })
      .returning({ id: clubs.id });
    const clubId = club!.id;
    const roleRows = await ctx.db.select({ id: roles.id, name: roles.name }).from(roles);
    const roleId = (name: string) => roleRows.find((role) => role.name === name)!.id;
    const [category] = await ctx.db
      .insert(categories)
      .values({ clubId, name: 'Sub-10', gender: 'mixed', birthYearFrom: 2016, birthYearTo: 2017 })
      .returning({ id: categories.id });
    const people = await ctx.db
      .insert(users)
      .values(['Ana', 'Beto', 'Carla'].map((name) => ({ name, lastname: 'Ríos' })))
      .returning({ id: users.id });
    const [ana, beto, carla] = people.map((person) => person.id) as [number, number, number];
    const join = (userId: number, role = 'Jugador') =>
      ctx.db.insert(clubMemberships).values({ userId, clubId, roleId: roleId(role) });
    const inClub = async () => {
      const rows = await ctx.db
        .select({ userId: players.userId, inClub: players.inClub })
        .from(players)
        .where(eq(players.clubId, clubId));
      return Object.fromEntries(rows.map((row) => [row.userId, row.inClub]));
    };
    const row = (userId: number) =>
      ctx.db.insert(players).values({ clubId, userId, categoryId: category!.id });

    // Membership before the row (Ana), row before the membership (Beto), a row alone (Carla).
    await join(ana);
    await row(ana);
    await row(beto);
    await join(beto);
    await row(carla);
    expect(await inClub()).toEqual({ [ana]: true, [beto]: true, [carla]: false });

    // A writer cannot set it; another role does not count; leaving clears it.
    await ctx.db.update(players).set({ inClub: true }).where(eq(players.userId, carla));
    await join(carla, 'Entrenador');
    expect((await inClub())[carla]).toBe(false);
    await ctx.db
      .update(clubMemberships)
      .set({ roleId: roleId('Jugador') })
      .where(and(eq(clubMemberships.userId, carla), eq(clubMemberships.clubId, clubId)));
    expect((await inClub())[carla]).toBe(true);
    await ctx.db
      .delete(clubMemberships)
      .where(and(eq(clubMemberships.userId, ana), eq(clubMemberships.clubId, clubId)));
    expect(await inClub()).toEqual({ [ana]: false, [beto]: true, [carla]: true });

    const list = (query: Record<string, string>) =>
      listPlayers(ctx.db, clubId, playerListQuerySchema.parse(query), undefined);
    const section = String(category!.id);
    const page = await list({ categorySection: section });
    expect(page.data.map((player) => player.name)).toEqual(['Beto', 'Carla']);
    expect(page.total).toBe(2);
    // joined_at is the Jugador membership's creation, written as toISOString() writes it.
    const [membership] = await ctx.db
      .select({ createdAt: clubMemberships.createdAt })
      .from(clubMemberships)
      .where(
        and(
          eq(clubMemberships.userId, beto),
          eq(clubMemberships.clubId, clubId),
          eq(clubMemberships.roleId, roleId('Jugador')),
        ),
      );
    expect(page.data[0]!.joined_at).toBe(membership!.createdAt.toISOString());
    expect((await list({ categorySection: section, q: 'carla ríos' })).total).toBe(1);
    // Past the last page: no row to read the total from, the count answers.
    expect(await list({ categorySection: section, page: '3', pageSize: '10' })).toEqual({
      data: [],
      total: 2,
    });
  });

  it('counts the players of each category as they come, move, leave the club and lose their category, and its list shows it', async () => {
    const [club] = await ctx.db
      .insert(clubs)
      .values({ name: 'Club Categorías' })
      .returning({ id: clubs.id });
    const clubId = club!.id;
    const [jugador] = await ctx.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, 'Jugador'));
    const [sub10, sub12] = await ctx.db
      .insert(categories)
      .values(
        (['Sub-10', 'Sub-12'] as const).map((name, index) => ({
          clubId,
          name,
          gender: 'mixed' as const,
          birthYearFrom: 2014 + 2 * index,
          birthYearTo: 2015 + 2 * index,
        })),
      )
      .returning({ id: categories.id });
    const people = await ctx.db
      .insert(users)
      .values(['Ana', 'Beto', 'Carla', 'Dani', 'Eva'].map((name) => ({ name, lastname: 'Mora' })))
      .returning({ id: users.id });
    const [ana, beto, carla, dani, eva] = people.map((person) => person.id) as number[];
    // Four players of the club in Sub-10 (one row written before its membership), Eva's row
    // without the membership (not in the club: not counted).
    await ctx.db
      .insert(clubMemberships)
      .values(
        [ana, beto, carla].map((userId) => ({ userId: userId!, clubId, roleId: jugador!.id })),
      );
    await ctx.db.insert(players).values(
      [ana, beto, carla, dani, eva].map((userId) => ({
        clubId,
        userId: userId!,
        categoryId: sub10!.id,
      })),
    );
    await ctx.db.insert(clubMemberships).values({ userId: dani!, clubId, roleId: jugador!.id });

    const counters = async () => {
      const kept = await ctx.db
        .select({
          categoryId: categoryPlayerCounts.categoryId,
          players: categoryPlayerCounts.players,
        })
        .from(categoryPlayerCounts)
        .where(eq(categoryPlayerCounts.clubId, clubId));
      const counted = await ctx.db
        .select({ categoryId: players.categoryId, players: count() })
        .from(players)
        .where(and(eq(players.clubId, clubId), eq(players.inClub, true)))
        .groupBy(players.categoryId);
      const byCategory = (rows: { categoryId: number | null; players: number }[]) =>
        Object.fromEntries(
          rows
            .filter((row) => row.categoryId !== null && Number(row.players) > 0)
            .map((row) => [row.categoryId, Number(row.players)]),
        );
      // The trigger's figures are the rows' own count, whatever happened.
      expect(byCategory(kept)).toEqual(byCategory(counted));
      return byCategory(kept);
    };
    const listed = async (categoryId: number) => {
      const page = await listPlayers(
        ctx.db,
        clubId,
        playerListQuerySchema.parse({ categorySection: String(categoryId), pageSize: '10' }),
        undefined,
      );
      expect(page.data).toHaveLength(page.total);
      return page.total;
    };
    expect(await counters()).toEqual({ [sub10!.id]: 4 });
    expect(await listed(sub10!.id)).toBe(4);

    // Beto moves up, Carla leaves the club, Eva joins it, Ana's row loses its category.
    await ctx.db.update(players).set({ categoryId: sub12!.id }).where(eq(players.userId, beto!));
    await ctx.db
      .delete(clubMemberships)
      .where(and(eq(clubMemberships.userId, carla!), eq(clubMemberships.clubId, clubId)));
    await ctx.db.insert(clubMemberships).values({ userId: eva!, clubId, roleId: jugador!.id });
    await ctx.db.update(players).set({ categoryId: null }).where(eq(players.userId, ana!));
    // An edit that moves nothing counts nothing.
    await ctx.db.update(players).set({ position: 'Arquero' }).where(eq(players.userId, dani!));
    expect(await counters()).toEqual({ [sub10!.id]: 2, [sub12!.id]: 1 });
    expect([await listed(sub10!.id), await listed(sub12!.id)]).toEqual([2, 1]);

    // A category deleted: its players have none, its counter goes with it; a row deleted
    // leaves its category.
    await ctx.db.delete(categories).where(eq(categories.id, sub12!.id));
    await ctx.db.delete(players).where(eq(players.userId, dani!));
    expect(await counters()).toEqual({ [sub10!.id]: 1 });
    const gone = await ctx.db
      .select()
      .from(categoryPlayerCounts)
      .where(eq(categoryPlayerCounts.categoryId, sub12!.id));
    expect(gone).toEqual([]);
    expect(await listed(sub10!.id)).toBe(1);
  });
});
