import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { clubMessages } from '../../contract/clubs.schema';
import {
  PAYMENT_METHOD_DETAILS_MAX,
  clubPaymentMethodListResponseSchema,
  clubPaymentMethodResponseSchema,
  paymentMethodMessages,
} from '../../contract/payment-methods.schema';
import { clubs } from '../../server/db/schema/clubs';
import { clubPaymentMethods } from '../../server/db/schema/money';
import { countries, paymentMethods } from '../../server/db/schema/reference';
import { DEMO_CLUB_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { createClub, memberOf } from './support/clubs';
import { type TestContext, describeEachDatabase, login, registerUser } from './support/test-app';

/** A club owned by a new account (Colombian unless `country` says otherwise). */
async function ownedClub(ctx: TestContext, country?: string) {
  const owner = await registerUser(ctx);
  const club = await createClub(ctx, owner.token, {
    name: `Club Medios ${country ?? 'CO'}`,
    ...(country ? { country } : {}),
  });
  return { owner, club };
}

/** The reference methods of a country (ISO 3166 alpha-2), in reference order. */
async function methodsOfCountry(ctx: TestContext, iso2: string) {
  return ctx.db
    .select({ id: paymentMethods.id, code: paymentMethods.code, name: paymentMethods.name })
    .from(paymentMethods)
    .innerJoin(countries, eq(countries.id, paymentMethods.countryId))
    .where(eq(countries.iso2, iso2))
    .orderBy(asc(paymentMethods.id));
}

async function methodCoded(ctx: TestContext, iso2: string, code: string) {
  const method = (await methodsOfCountry(ctx, iso2)).find((row) => row.code === code);
  if (!method) throw new Error(`No method ${code} in ${iso2}`);
  return method;
}

/** The club's stored choice of one method, straight from the database. */
async function storedRow(ctx: TestContext, clubId: number, methodId: number) {
  const [row] = await ctx.db
    .select()
    .from(clubPaymentMethods)
    .where(
      and(eq(clubPaymentMethods.clubId, clubId), eq(clubPaymentMethods.paymentMethodId, methodId)),
    );
  return row;
}

const list = (ctx: TestContext, token: string | undefined, clubId: number) =>
  ctx.request({ method: 'GET', url: `/api/pla_club_teams/${clubId}/payment-methods`, token });

const put = (
  ctx: TestContext,
  token: string | undefined,
  clubId: number,
  methodId: number | string,
  body: unknown,
) =>
  ctx.request({
    method: 'PUT',
    url: `/api/pla_club_teams/${clubId}/payment-methods/${methodId}`,
    token,
    body,
  });

describeEachDatabase(
  'Club payment methods API (/api/pla_club_teams/:id/payment-methods)',
  (ctx) => {
    it("lists every method of the club's country in reference order, none accepted yet", async () => {
      const { owner, club } = await ownedClub(ctx);

      const response = await list(ctx, owner.token, club.id);

      expect(response.statusCode, response.body).toBe(200);
      const { data } = clubPaymentMethodListResponseSchema.parse(response.json());
      const colombian = await methodsOfCountry(ctx, 'CO');
      expect(data.map((method) => method.code)).toEqual([
        'cash',
        'transfer',
        'nequi',
        'daviplata',
        'pse',
        'card',
      ]);
      expect(data).toEqual(
        colombian.map((method) => ({ ...method, accepted: false, details: null })),
      );
    });

    it("lists a club in another country with that country's methods", async () => {
      const { owner, club } = await ownedClub(ctx, 'MX');
      const { data } = clubPaymentMethodListResponseSchema.parse(
        (await list(ctx, owner.token, club.id)).json(),
      );
      expect(data.map((method) => method.id)).toEqual(
        (await methodsOfCountry(ctx, 'MX')).map((method) => method.id),
      );
    });

    it('accepts a method with its details, stores it and lists it for this club only', async () => {
      const { owner, club } = await ownedClub(ctx);
      const other = await ownedClub(ctx);
      const nequi = await methodCoded(ctx, 'CO', 'nequi');
      const details = '  Nequi 300 123 4567\na nombre de Club Demo  ';

      const response = await put(ctx, owner.token, club.id, nequi.id, { accepted: true, details });

      expect(response.statusCode, response.body).toBe(200);
      expect(clubPaymentMethodResponseSchema.parse(response.json()).data).toEqual({
        ...nequi,
        accepted: true,
        details: 'Nequi 300 123 4567\na nombre de Club Demo',
      });
      expect(await storedRow(ctx, club.id, nequi.id)).toMatchObject({
        accepted: true,
        details: 'Nequi 300 123 4567\na nombre de Club Demo',
      });
      const listed = clubPaymentMethodListResponseSchema.parse(
        (await list(ctx, owner.token, club.id)).json(),
      ).data;
      expect(listed.filter((method) => method.accepted).map((method) => method.code)).toEqual([
        'nequi',
      ]);
      const neighbour = clubPaymentMethodListResponseSchema.parse(
        (await list(ctx, other.owner.token, other.club.id)).json(),
      ).data;
      expect(neighbour.every((method) => !method.accepted && method.details === null)).toBe(true);
      expect(await storedRow(ctx, other.club.id, nequi.id)).toBeUndefined();
    });

    it('keeps the row and its details when the method stops being accepted', async () => {
      const { owner, club } = await ownedClub(ctx);
      const transfer = await methodCoded(ctx, 'CO', 'transfer');
      const details = 'Cuenta de ahorros Bancolombia 123-456789-00 a nombre de Club Demo';
      await put(ctx, owner.token, club.id, transfer.id, { accepted: true, details });

      const off = await put(ctx, owner.token, club.id, transfer.id, { accepted: false });

      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().data).toMatchObject({ accepted: false, details });
      expect(await storedRow(ctx, club.id, transfer.id)).toMatchObject({
        accepted: false,
        details,
      });

      // Sent as '' (a form's empty field), the details are cleared; the row still stays.
      const cleared = await put(ctx, owner.token, club.id, transfer.id, {
        accepted: false,
        details: '',
      });
      expect(cleared.json().data).toMatchObject({ accepted: false, details: null });
      expect(await storedRow(ctx, club.id, transfer.id)).toMatchObject({
        accepted: false,
        details: null,
      });
    });

    it("refuses another country's method and another club's (404)", async () => {
      const { owner, club } = await ownedClub(ctx);
      const other = await ownedClub(ctx);
      const mexicanCash = await methodCoded(ctx, 'MX', 'cash');
      const cash = await methodCoded(ctx, 'CO', 'cash');

      for (const methodId of [mexicanCash.id, 2_000_000_000]) {
        const response = await put(ctx, owner.token, club.id, methodId, { accepted: true });
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toEqual({ message: paymentMethodMessages.notFound });
        expect(await storedRow(ctx, club.id, methodId)).toBeUndefined();
      }
      const foreign = await put(ctx, other.owner.token, club.id, cash.id, { accepted: true });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: clubMessages.notFound });
      expect((await list(ctx, other.owner.token, club.id)).statusCode).toBe(404);
      expect(await storedRow(ctx, club.id, cash.id)).toBeUndefined();
    });

    it('lets the demo Contador read the methods but not change them (403)', async () => {
      const signedIn = await login(ctx, 'contador@demo.club', DEMO_PASSWORD);
      const token = signedIn.json<{ token: string }>().token;
      const [demo] = await ctx.db.select().from(clubs).where(eq(clubs.name, DEMO_CLUB_NAME));
      const cash = await methodCoded(ctx, 'CO', 'cash');
      const before = await storedRow(ctx, demo!.id, cash.id);

      expect((await list(ctx, token, demo!.id)).statusCode).toBe(200);
      const refused = await put(ctx, token, demo!.id, cash.id, {
        accepted: !(before?.accepted ?? false),
        details: 'Cambiado por el contador',
      });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(await storedRow(ctx, demo!.id, cash.id)).toEqual(before);
    });

    it('refuses a trainer both calls and anonymous callers (401)', async () => {
      const { club } = await ownedClub(ctx);
      const coach = await memberOf(ctx, club.id, 'Entrenador');
      const cash = await methodCoded(ctx, 'CO', 'cash');

      expect((await list(ctx, coach.token, club.id)).statusCode).toBe(403);
      expect((await put(ctx, coach.token, club.id, cash.id, { accepted: true })).statusCode).toBe(
        403,
      );
      expect((await list(ctx, undefined, club.id)).statusCode).toBe(401);
      expect((await put(ctx, undefined, club.id, cash.id, { accepted: true })).statusCode).toBe(
        401,
      );
      expect(await storedRow(ctx, club.id, cash.id)).toBeUndefined();
    });

    it('refuses bad input with a Spanish 400 on its field', async () => {
      const { owner, club } = await ownedClub(ctx);
      const cash = await methodCoded(ctx, 'CO', 'cash');
      const cases: [unknown, string][] = [
        [{ accepted: true, details: 'x'.repeat(PAYMENT_METHOD_DETAILS_MAX + 1) }, 'details'],
        [{ accepted: true, details: 'Cuenta\u0000123' }, 'details'],
        [{ accepted: true, details: 42 }, 'details'],
        [{ accepted: 'sí' }, 'accepted'],
        [{}, 'accepted'],
      ];
      for (const [body, path] of cases) {
        const response = await put(ctx, owner.token, club.id, cash.id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        const errors = response.json<{ errors: { path: string; message: string }[] }>().errors;
        expect(errors.map((error) => error.path)).toContain(path);
        expect(errors.find((error) => error.path === path)?.message).toMatch(
          path === 'details' ? /^El campo Datos para pagar/ : /^Aceptado/,
        );
      }
      const badId = await put(ctx, owner.token, club.id, 'abc', { accepted: true });
      expect(badId.statusCode).toBe(400);
      const long = await put(ctx, owner.token, club.id, cash.id, {
        accepted: true,
        details: 'x'.repeat(PAYMENT_METHOD_DETAILS_MAX),
      });
      expect(long.statusCode).toBe(200);
      expect(await storedRow(ctx, club.id, cash.id)).toMatchObject({ accepted: true });
    });
  },
  { demo: true },
);
