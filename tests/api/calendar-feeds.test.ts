import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, expect, it } from 'vitest';
import {
  type CalendarFeedCreated,
  type CalendarFeedListResponse,
  calendarFeedMessages,
} from '../../contract/calendar-feeds.schema';
import { clubMemberships } from '../../server/db/schema/memberships';
import { sessions } from '../../server/db/schema/sessions';
import { RATE_LIMITS, rateLimitMessage } from '../../server/lib/rate-limits';
import { createClub } from './support/clubs';
import { type CalendarClub, addCategory, calendarClub, insertSession } from './support/sessions';
import { type TestContext, describeEachDatabase } from './support/test-app';

/*
 * Issue #14 item 1: the secret ICS feeds. A feed is made, listed and revoked by its
 * person; the public .ics parses strictly with ical.js, holds what its person sees, and
 * answers 404 once revoked or once its person left the club.
 */

const NOW = new Date('2026-03-10T15:00:00Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const feedsUrl = (clubId: number) => `/api/pla_club_teams/${clubId}/calendar-feeds`;
const tokenOf = (url: string) => /\/api\/calendar-feeds\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)![1]!;

async function createFeed(ctx: TestContext, token: string, clubId: number, body: object) {
  return ctx.request({ method: 'POST', url: feedsUrl(clubId), token, body });
}

async function newFeed(ctx: TestContext, token: string, clubId: number, body: object) {
  const response = await createFeed(ctx, token, clubId, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CalendarFeedCreated>();
}

const readFeed = (ctx: TestContext, url: string) =>
  ctx.request({ method: 'GET', url: new URL(url).pathname });

/** The VEVENTs of an .ics body, parsed strictly. */
function eventsOf(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  expect(calendar.name).toBe('vcalendar');
  return calendar.getAllSubcomponents('vevent').map((event) => ({
    uid: String(event.getFirstPropertyValue('uid')),
    summary: String(event.getFirstPropertyValue('summary')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    status: String(event.getFirstPropertyValue('status')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    location: event.getFirstPropertyValue('location'),
    description: String(event.getFirstPropertyValue('description')),
  }));
}

describeEachDatabase('Calendar feeds (ICS)', (ctx) => {
  let club: CalendarClub;
  let ids: Record<'a' | 'b' | 'wide' | 'match' | 'cancelled' | 'old' | 'far', number>;

  beforeAll(async () => {
    ctx.clock.set(NOW);
    club = await calendarClub(ctx, 'Club Halcones');
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    ids = {
      a: await insertSession(ctx, club.clubId, club.catA, {
        title: 'Técnica',
        startsAt: new Date('2026-03-12T23:00:00Z'),
        location: 'Cancha 2, norte',
        notes: 'Llevar peto',
      }),
      b: await insertSession(ctx, club.clubId, club.catB, { startsAt: at(3 * DAY) }),
      wide: await insertSession(ctx, club.clubId, null, {
        type: 'meeting',
        title: 'Reunión de padres',
        startsAt: at(5 * DAY),
      }),
      match: await insertSession(ctx, club.clubId, club.catA, {
        type: 'match',
        title: 'Liga fecha 3',
        opponent: 'Águilas FC',
        status: 'done',
        scoreOurs: 2,
        scoreTheirs: 1,
        startsAt: at(-7 * DAY),
      }),
      cancelled: await insertSession(ctx, club.clubId, club.catA, {
        status: 'cancelled',
        cancelReason: 'Lluvia',
        startsAt: at(2 * DAY),
      }),
      old: await insertSession(ctx, club.clubId, club.catA, { startsAt: at(-61 * DAY) }),
      far: await insertSession(ctx, club.clubId, club.catA, { startsAt: at(366 * DAY) }),
    };
  });

  it('makes a category feed whose URL is shown once, lists it without the URL, and serves it', async () => {
    const feed = await newFeed(ctx, club.owner.token, club.clubId, {
      kind: 'category',
      category_id: club.catA,
    });
    expect(feed).toMatchObject({
      kind: 'category',
      category_id: club.catA,
      category_name: 'Sub-10',
    });
    expect(feed.url).toMatch(/^http:\/\/app\.test\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcal_url).toBe(feed.url.replace('http://', 'webcal://'));

    const list = await ctx.request({
      method: 'GET',
      url: feedsUrl(club.clubId),
      token: club.owner.token,
    });
    expect(list.statusCode).toBe(200);
    const listed = list.json<CalendarFeedListResponse>().data;
    expect(listed).toEqual([
      {
        id: feed.id,
        kind: 'category',
        category_id: club.catA,
        category_name: 'Sub-10',
        created_at: NOW.toISOString(),
        revoked_at: null,
      },
    ]);
    expect(list.body).not.toContain(tokenOf(feed.url));

    const ics = await readFeed(ctx, feed.url);
    expect(ics.statusCode, ics.body).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers['cache-control']).toBe('private, max-age=300');
    expect(ics.body).toContain('X-WR-CALNAME:Club Halcones — Sub-10');
    expect(ics.body).toContain('X-WR-TIMEZONE:America/Bogota');
    const events = eventsOf(ics.body);
    // A's sessions in the window and the club-wide one; not B's, not the old or far ones.
    expect(events.map((event) => event.uid).sort()).toEqual(
      [ids.match, ids.cancelled, ids.a, ids.wide]
        .map((id) => `session-${id}@gestion-deportiva`)
        .sort(),
    );
    const byId = (id: number) =>
      events.find((event) => event.uid === `session-${id}@gestion-deportiva`)!;
    expect(byId(ids.a)).toMatchObject({
      summary: 'Entrenamiento: Técnica',
      start: '2026-03-12T23:00:00.000Z',
      location: 'Cancha 2, norte',
      status: 'CONFIRMED',
    });
    expect(byId(ids.a).description).toBe('Categoría: Sub-10\n\nLlevar peto');
    expect(byId(ids.match).summary).toBe('Partido: Liga fecha 3 vs Águilas FC (2-1)');
    expect(byId(ids.cancelled)).toMatchObject({ status: 'CANCELLED' });
    expect(byId(ids.wide).summary).toBe('Reunión de padres');
    expect(byId(ids.wide).description).toBe('Categoría: Todo el club');
  });

  it('writes every line in at most 75 octets, ending in CRLF', async () => {
    // A long title with accents forces folding in the middle of multi-byte text.
    await ctx.db
      .update(sessions)
      .set({ title: 'Entrenamiento técnico de definición y pases largos ñ'.repeat(3) })
      .where(eq(sessions.id, ids.a));
    const feed = await newFeed(ctx, club.owner.token, club.clubId, { kind: 'person' });
    const { body } = await readFeed(ctx, feed.url);
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = body.split('\r\n');
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    const a = eventsOf(body).find((event) => event.uid === `session-${ids.a}@gestion-deportiva`)!;
    expect(a.summary).toBe('Entrenamiento técnico de definición y pases largos ñ'.repeat(3));
  });

  it('raises the SEQUENCE when a session changes, so phones replace it', async () => {
    const feed = await newFeed(ctx, club.owner.token, club.clubId, { kind: 'person' });
    const before = eventsOf((await readFeed(ctx, feed.url)).body).find((e) =>
      e.uid.includes(`-${ids.b}@`),
    )!;
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, ids.b));
    await ctx.db
      .update(sessions)
      .set({ location: 'Cancha 5', updatedAt: new Date(row!.updatedAt.getTime() + HOUR) })
      .where(eq(sessions.id, ids.b));
    const after = eventsOf((await readFeed(ctx, feed.url)).body).find((e) =>
      e.uid.includes(`-${ids.b}@`),
    )!;
    expect(after.sequence).toBe(before.sequence + 3600);
    expect(after.location).toBe('Cancha 5');
  });

  it("gives a parent's person feed their child's category and the club's, never another category", async () => {
    const feed = await newFeed(ctx, club.parent.token, club.clubId, { kind: 'person' });
    expect(feed).toMatchObject({ kind: 'person', category_id: null, category_name: null });
    const { body, statusCode } = await readFeed(ctx, feed.url);
    expect(statusCode).toBe(200);
    expect(body).toContain('X-WR-CALNAME:Club Halcones — Persona Del Calendario');
    const uids = eventsOf(body).map((event) => event.uid);
    expect(uids.sort()).toEqual(
      [ids.match, ids.cancelled, ids.a, ids.wide]
        .map((id) => `session-${id}@gestion-deportiva`)
        .sort(),
    );
  });

  it('refuses a category of another club or one the caller does not see, with 422 on category_id', async () => {
    const other = await createClub(ctx, club.owner.token, { name: 'Otro club' });
    const foreign = await addCategory(ctx, other.id, 'Sub-20');
    for (const [token, categoryId] of [
      [club.owner.token, foreign],
      [club.parent.token, club.catB],
      [club.trainerA.token, club.catB],
    ] as const) {
      const response = await createFeed(ctx, token, club.clubId, {
        kind: 'category',
        category_id: categoryId,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: calendarFeedMessages.unknownCategory,
        errors: [{ path: 'category_id', message: calendarFeedMessages.unknownCategory }],
      });
    }
    const badKind = await createFeed(ctx, club.owner.token, club.clubId, { kind: 'club' });
    expect(badKind.statusCode).toBe(400);
    const noCategory = await createFeed(ctx, club.owner.token, club.clubId, { kind: 'category' });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().errors).toEqual([expect.objectContaining({ path: 'category_id' })]);
  });

  it("revokes one's own feed (then 404), and answers 404 for another person's", async () => {
    const feed = await newFeed(ctx, club.trainerA.token, club.clubId, {
      kind: 'category',
      category_id: club.catA,
    });
    expect((await readFeed(ctx, feed.url)).statusCode).toBe(200);
    const byOwner = await ctx.request({
      method: 'DELETE',
      url: `${feedsUrl(club.clubId)}/${feed.id}`,
      token: club.owner.token,
    });
    expect(byOwner.statusCode).toBe(404);
    expect(byOwner.json()).toEqual({ message: calendarFeedMessages.feedNotFound });
    expect((await readFeed(ctx, feed.url)).statusCode).toBe(200);

    ctx.clock.set(new Date(NOW.getTime() + HOUR));
    for (let i = 0; i < 2; i++) {
      const revoked = await ctx.request({
        method: 'DELETE',
        url: `${feedsUrl(club.clubId)}/${feed.id}`,
        token: club.trainerA.token,
      });
      expect(revoked.statusCode).toBe(204);
    }
    const gone = await readFeed(ctx, feed.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: calendarFeedMessages.notFound });
    const list = await ctx.request({
      method: 'GET',
      url: feedsUrl(club.clubId),
      token: club.trainerA.token,
    });
    expect(list.json<CalendarFeedListResponse>().data).toEqual([
      expect.objectContaining({
        id: feed.id,
        revoked_at: new Date(NOW.getTime() + HOUR).toISOString(),
      }),
    ]);
    ctx.clock.set(NOW);
  });

  it('answers 404 once the feed’s person left the club, and for unknown or malformed tokens', async () => {
    const feed = await newFeed(ctx, club.playerB.token, club.clubId, { kind: 'person' });
    const served = await readFeed(ctx, feed.url);
    expect(served.statusCode).toBe(200);
    // A player sees their own category (B) and the club's.
    expect(
      eventsOf(served.body)
        .map((event) => event.uid)
        .sort(),
    ).toEqual([ids.b, ids.wide].map((id) => `session-${id}@gestion-deportiva`).sort());
    await ctx.db.delete(clubMemberships).where(eq(clubMemberships.userId, club.playerB.id));
    const left = await readFeed(ctx, feed.url);
    expect(left.statusCode).toBe(404);
    expect(left.json()).toEqual({ message: calendarFeedMessages.notFound });

    for (const path of [
      `/api/calendar-feeds/${'A'.repeat(43)}.ics`,
      '/api/calendar-feeds/corto.ics',
      `/api/calendar-feeds/${'A'.repeat(150)}.ics`,
    ]) {
      const response = await ctx.request({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ message: calendarFeedMessages.notFound });
    }
  });

  it('limits the reads of one IP (a token guesser), in Spanish with Retry-After', async () => {
    const read = (remoteAddress: string) =>
      ctx.request({
        method: 'GET',
        url: `/api/calendar-feeds/${'B'.repeat(43)}.ics`,
        remoteAddress,
      });
    for (let i = 0; i < RATE_LIMITS.calendarFeed.max; i++) {
      expect((await read('192.0.2.77')).statusCode).toBe(404);
    }
    const refused = await read('192.0.2.77');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: rateLimitMessage });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await read('192.0.2.78')).statusCode).toBe(404);
  });
});
