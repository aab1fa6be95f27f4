import { expect, it } from 'vitest';
import { clubMessages } from '../../contract/clubs.schema';
import {
  type ValidateDocumentQuery,
  validateDocumentResponseSchema,
} from '../../contract/people.schema';
import { playerResponseSchema } from '../../contract/players.schema';
import { documentCheckMessages } from '../../server/features/people/document-check';
import { addMembership, createClub, memberOf, superAdmin } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

let sequence = 0;
const cc = () => String(40_000_000 + ++sequence);

const check = (ctx: TestContext, token: string | undefined, query: Record<string, unknown>) =>
  ctx.request({
    method: 'GET',
    url: `/api/validate-document?${new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, String(value)]),
    ).toString()}`,
    token,
  });

async function answer(ctx: TestContext, token: string, query: ValidateDocumentQuery) {
  const response = await check(ctx, token, query);
  expect(response.statusCode, response.body).toBe(200);
  return validateDocumentResponseSchema.parse(response.json()).data;
}

async function ownedClub(ctx: TestContext, name = 'Club de Documentos') {
  const owner = await registerUser(ctx);
  const club = await createClub(ctx, owner.token, { name });
  return { owner, clubId: club.id };
}

async function playerIn(ctx: TestContext, token: string, clubId: number, number: string) {
  const response = await ctx.request({
    method: 'POST',
    url: `/api/pla_club_teams/${clubId}/players`,
    token,
    body: {
      name: 'María José',
      lastname: 'Gómez Ruiz',
      document_type: 'CC',
      document_number: number,
      birth_date: '1992-03-03',
      gender: 'female',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return playerResponseSchema.parse(response.json()).data;
}

describeEachDatabase('GET /api/validate-document', (ctx) => {
  it('answers free, in the club (already or not) and elsewhere with nothing of the person (issue #33)', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Club vecino');
    const number = cc();
    const query = { type: 'CC', number, clubId, typeUser: 'player' } as const;

    expect(await answer(ctx, owner.token, query)).toEqual({
      status: 'free',
      name: null,
      roles: [],
      already: false,
      message: documentCheckMessages.free,
    });

    const player = await playerIn(ctx, owner.token, clubId, number);
    expect(await answer(ctx, owner.token, query)).toEqual({
      status: 'in_club',
      name: 'María José Gómez Ruiz',
      roles: ['Jugador'],
      already: true,
      message: 'María José Gómez Ruiz ya es jugador de este club.',
    });
    const asTrainer = await answer(ctx, owner.token, { ...query, typeUser: 'trainer' });
    expect(asTrainer).toMatchObject({ status: 'in_club', roles: ['Jugador'], already: false });
    expect(asTrainer.message).toContain('Puedes vincularla como entrenador');

    const elsewhere = await answer(ctx, other.owner.token, { ...query, clubId: other.clubId });
    // Issue #33: nothing of a person the club does not have, not even initials.
    expect(elsewhere).toEqual({
      status: 'elsewhere',
      name: null,
      roles: [],
      already: false,
      message: documentCheckMessages.elsewhere,
    });
    expect(JSON.stringify(elsewhere)).not.toMatch(/María|Gómez|Ruiz|M\. G\./);
    expect(elsewhere.message).toContain('Enviar solicitud');

    // Editing that very person: their own document is no conflict.
    expect(await answer(ctx, owner.token, { ...query, personId: player.id })).toEqual({
      status: 'own',
      name: null,
      roles: [],
      already: false,
      message: 'Documento de este jugador.',
    });
    expect((await answer(ctx, owner.token, { ...query, personId: owner.id })).status).toBe(
      'in_club',
    );
  });

  it('refuses an anonymous caller (401), a non-member (404), a member without the permission (403)', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const outsider = await ownedClub(ctx, 'Club ajeno');
    const query: ValidateDocumentQuery = { type: 'CC', number: cc(), clubId, typeUser: 'player' };

    expect((await check(ctx, undefined, query)).statusCode).toBe(401);
    const foreign = await check(ctx, outsider.owner.token, query);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: clubMessages.notFound });
    const missing = await check(ctx, owner.token, { ...query, clubId: 999_999 });
    expect(missing.statusCode).toBe(404);

    // A trainer only views players; an accountant has nothing of players or trainers.
    const trainer = await memberOf(ctx, clubId, 'Entrenador');
    const accountant = await memberOf(ctx, clubId, 'Contador');
    for (const [caller, typeUser] of [
      [trainer, 'player'],
      [trainer, 'trainer'],
      [trainer, 'guardian'],
      [accountant, 'guardian'],
    ] as const) {
      const response = await check(ctx, caller.token, { ...query, typeUser });
      expect(response.statusCode, `${typeUser}: ${response.body}`).toBe(403);
      expect(response.json()).toEqual({ message: clubMessages.forbidden });
    }
    // Another role of the same person that grants players.create lets them ask.
    await addMembership(ctx, accountant.id, clubId, 'Propietario del Club');
    expect(
      (await check(ctx, accountant.token, { ...query, typeUser: 'guardian' })).statusCode,
    ).toBe(200);
    const admin = await superAdmin(ctx);
    expect((await answer(ctx, admin.token, query)).status).toBe('free');
    expect((await check(ctx, admin.token, { ...query, clubId: 999_999 })).statusCode).toBe(404);
  });

  it('refuses a malformed query with 400 on the parameter', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'CC', number: '12AB', clubId, typeUser: 'player' }, 'number'],
      [{ type: 'XX', number: cc(), clubId, typeUser: 'player' }, 'type'],
      [{ type: 'CC', number: cc(), clubId, typeUser: 'owner' }, 'typeUser'],
      [{ type: 'CC', number: cc(), clubId: '0x1', typeUser: 'player' }, 'clubId'],
    ];
    for (const [query, field] of cases) {
      const response = await check(ctx, owner.token, query);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(field);
    }
  });
});
