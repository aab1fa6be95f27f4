import { and, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { CLUB_OWNER_ROLE } from '../../contract/names';
import type { SessionChoices } from '../../contract/session-choices.schema';
import { categories } from '../../server/db/schema/categories';
import { clubs } from '../../server/db/schema/clubs';
import { trainers } from '../../server/db/schema/trainers';
import { users } from '../../server/db/schema/users';
import { addMembership, createClub } from './support/clubs';
import {
  type CalendarClub,
  type Person,
  addCategory,
  calendarClub,
  personIn,
  sessionsUrl,
  trainerOf,
} from './support/sessions';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

/*
 * Issue #14 follow-up: `GET …/sessions/choices` gives every role that sees the calendar
 * the categories it may filter by and create in, and the trainers it may assign — a
 * trainer, a player or a parent cannot list the club's categories or trainers.
 */

const choicesOf = async (ctx: TestContext, token: string, clubId: number) => {
  const response = await ctx.request({
    method: 'GET',
    url: `${sessionsUrl(clubId)}/choices`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SessionChoices>();
};

/** The calendar club's timezone in these tests. */
const ZONE = 'Europe/Madrid';

const rename = (ctx: TestContext, person: Person, name: string, lastname: string) =>
  ctx.db.update(users).set({ name, lastname }).where(eq(users.id, person.id));

describeEachDatabase('Session choices (GET …/sessions/choices)', (ctx) => {
  let club: CalendarClub;
  let alevines: number;
  let angela: Person;
  let bruno: Person;

  beforeEach(async () => {
    club = await calendarClub(ctx);
    // Not the default zone, so the answer can only come from the club's row.
    await ctx.db.update(clubs).set({ timezone: ZONE }).where(eq(clubs.id, club.clubId));
    // An accented name sorts among the others only with an ICU collation.
    alevines = await addCategory(ctx, club.clubId, 'Álevines');
    const archived = await addCategory(ctx, club.clubId, 'Archivada');
    await ctx.db.update(categories).set({ status: 'inactive' }).where(eq(categories.id, archived));
    await rename(ctx, club.trainerA, 'Zoe', 'Zapata');
    angela = await trainerOf(ctx, club.clubId, [club.catB]);
    await rename(ctx, angela, 'Ángela', 'Ruiz');
    // Invited as a trainer: the Entrenador role and no trainers row yet (active).
    bruno = await personIn(ctx, club.clubId, 'Entrenador');
    await rename(ctx, bruno, 'Bruno', 'Díaz');
    const inactive = await trainerOf(ctx, club.clubId, [club.catA]);
    await rename(ctx, inactive, 'Carlos', 'Inactivo');
    await ctx.db
      .update(trainers)
      .set({ status: 'inactive' })
      .where(and(eq(trainers.clubId, club.clubId), eq(trainers.userId, inactive.id)));
    // A trainer of another club is nobody's choice here.
    const other = await createClub(ctx, (await registerUser(ctx)).token, { name: 'Otro Club' });
    await rename(ctx, await trainerOf(ctx, other.id, []), 'Ana', 'Ajena');
  });

  const clubTrainers = () => [
    { id: angela.id, name: 'Ángela Ruiz' },
    { id: bruno.id, name: 'Bruno Díaz' },
    { id: club.trainerA.id, name: 'Zoe Zapata' },
  ];

  it("gives the owner every active category to manage, 'Todo el club' and the active trainers", async () => {
    expect(await choicesOf(ctx, club.owner.token, club.clubId)).toEqual({
      categories: [
        { id: alevines, name: 'Álevines', can_manage: true },
        { id: club.catA, name: 'Sub-10', can_manage: true },
        { id: club.catB, name: 'Sub-12', can_manage: true },
      ],
      can_manage_club_wide: true,
      trainers: clubTrainers(),
      timezone: ZONE,
    });
  });

  it('gives a trainer of Sub-10 only that category to manage, even with no session yet, and the trainers', async () => {
    expect(await choicesOf(ctx, club.trainerA.token, club.clubId)).toEqual({
      categories: [{ id: club.catA, name: 'Sub-10', can_manage: true }],
      can_manage_club_wide: false,
      trainers: clubTrainers(),
      timezone: ZONE,
    });
  });

  it('gives a trainer the club made inactive nothing to choose', async () => {
    await ctx.db
      .update(trainers)
      .set({ status: 'inactive' })
      .where(and(eq(trainers.clubId, club.clubId), eq(trainers.userId, club.trainerA.id)));
    expect(await choicesOf(ctx, club.trainerA.token, club.clubId)).toEqual({
      categories: [],
      can_manage_club_wide: false,
      trainers: [],
      timezone: ZONE,
    });
  });

  it('gives a player their own category to filter by, and no trainers', async () => {
    expect(await choicesOf(ctx, club.playerB.token, club.clubId)).toEqual({
      categories: [{ id: club.catB, name: 'Sub-12', can_manage: false }],
      can_manage_club_wide: false,
      trainers: [],
      timezone: ZONE,
    });
  });

  it("gives a parent their authorised child's category, and no trainers", async () => {
    expect(await choicesOf(ctx, club.parent.token, club.clubId)).toEqual({
      categories: [{ id: club.catA, name: 'Sub-10', can_manage: false }],
      can_manage_club_wide: false,
      trainers: [],
      timezone: ZONE,
    });
  });

  it('gives a trainer who is also an owner of the club the whole club', async () => {
    await addMembership(ctx, club.trainerA.id, club.clubId, CLUB_OWNER_ROLE);
    const choices = await choicesOf(ctx, club.trainerA.token, club.clubId);
    expect(choices.can_manage_club_wide).toBe(true);
    expect(choices.categories).toEqual([
      { id: alevines, name: 'Álevines', can_manage: true },
      { id: club.catA, name: 'Sub-10', can_manage: true },
      { id: club.catB, name: 'Sub-12', can_manage: true },
    ]);
    expect(choices.trainers).toEqual(clubTrainers());
  });

  it("is not read as a session id, and refuses another club's caller", async () => {
    const stranger = await registerUser(ctx);
    const refused = await ctx.request({
      method: 'GET',
      url: `${sessionsUrl(club.clubId)}/choices`,
      token: stranger.token,
    });
    expect([403, 404]).toContain(refused.statusCode);
    const asId = await ctx.request({
      method: 'GET',
      url: `${sessionsUrl(club.clubId)}/choicesx`,
      token: club.owner.token,
    });
    expect(asId.statusCode).toBe(400);
  });
});
