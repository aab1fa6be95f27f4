import { expect, it } from 'vitest';
import { peopleMessages } from '../../contract/people.schema';
import { playerResponseSchema } from '../../contract/players.schema';
import { profileMessages } from '../../contract/profile.schema';
import { createClub, memberOf, addMembership } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';
import { multipart, png } from './support/uploads';

const base = (clubId: number) => `/api/pla_club_teams/${clubId}`;

async function playerOf(ctx: TestContext, token: string, clubId: number, document: string) {
  const response = await ctx.request({
    method: 'POST',
    url: `${base(clubId)}/players`,
    token,
    body: {
      name: 'Mateo',
      lastname: 'Quintero',
      document_type: 'RC',
      document_number: document,
      birth_date: `${new Date().getUTCFullYear() - 6}-02-10`,
      gender: 'male',
      guardian_name: 'Liliana Quintero',
      guardian_phone: '3104445566',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return playerResponseSchema.parse(response.json()).data;
}

const upload = (ctx: TestContext, token: string, url: string, bytes: Buffer, field = 'photo') =>
  ctx.request({ method: 'POST', url, token, ...multipart(field, 'foto.png', 'image/png', bytes) });

describeEachDatabase(
  'Player photos (POST /api/pla_club_teams/:id/players/:playerId/photo)',
  (ctx) => {
    it('stores the photo of a child the club added and serves it', async () => {
      const owner = await registerUser(ctx);
      const club = await createClub(ctx, owner.token, { name: 'Club de Fotos' });
      const player = await playerOf(ctx, owner.token, club.id, '1012000001');
      expect(player.photo_url).toBeNull();

      const url = `${base(club.id)}/players/${player.id}/photo`;
      const answer = await upload(ctx, owner.token, url, await png(40, 30));
      expect(answer.statusCode, answer.body).toBe(200);
      const saved = playerResponseSchema.parse(answer.json()).data;
      expect(saved.photo_url).toMatch(/^\/api\/files\/photos\/\d+-[\w-]{22}\.webp$/);
      const served = await ctx.request({ method: 'GET', url: saved.photo_url! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');

      // Not an image, and no file at all: 400 on the photo.
      const text = await upload(ctx, owner.token, url, Buffer.from('no soy una foto'));
      expect(text.statusCode).toBe(400);
      expect(text.json()).toMatchObject({ message: profileMessages.photoWrongType });
      const missing = await upload(ctx, owner.token, url, await png(4, 4), 'otra');
      expect(missing.json()).toMatchObject({ message: profileMessages.photoMissing });
    });

    it("refuses a player with an account (their own photo), another club's player and a viewer", async () => {
      const owner = await registerUser(ctx);
      const club = await createClub(ctx, owner.token, { name: 'Club con Cuentas' });
      const other = await createClub(ctx, owner.token, { name: 'Club Vecino' });
      const elsewhere = await playerOf(ctx, owner.token, other.id, '1012000002');
      const photo = await png(10, 10);

      const foreign = await upload(
        ctx,
        owner.token,
        `${base(club.id)}/players/${elsewhere.id}/photo`,
        photo,
      );
      expect(foreign.statusCode).toBe(404);

      const withAccount = await memberOf(ctx, club.id, 'Jugador');
      const own = await upload(
        ctx,
        owner.token,
        `${base(club.id)}/players/${withAccount.id}/photo`,
        photo,
      );
      expect(own.statusCode).toBe(422);
      expect(own.json()).toMatchObject({ message: peopleMessages.ownProfileOnly });

      // Issue #33: no account, but also in another club: not this club's to change.
      const shared = await playerOf(ctx, owner.token, club.id, '1012000004');
      await addMembership(ctx, shared.id, other.id, 'Jugador');
      const sharedUpload = await upload(
        ctx,
        owner.token,
        `${base(club.id)}/players/${shared.id}/photo`,
        photo,
      );
      expect(sharedUpload.statusCode).toBe(422);
      expect(sharedUpload.json()).toMatchObject({ message: peopleMessages.ownProfileOnly });

      const child = await playerOf(ctx, owner.token, club.id, '1012000003');
      const trainer = await memberOf(ctx, club.id, 'Entrenador');
      const refused = await upload(
        ctx,
        trainer.token,
        `${base(club.id)}/players/${child.id}/photo`,
        photo,
      );
      expect(refused.statusCode).toBe(403);
    });
  },
);
