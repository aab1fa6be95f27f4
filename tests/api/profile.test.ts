import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { onboardingMessages } from '../../contract/onboarding.schema';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_SIDE,
  profileCompletionResponseSchema,
  profileMessages,
  profileUpdateResponseSchema,
  requiredFieldsResponseSchema,
} from '../../contract/profile.schema';
import { users } from '../../server/db/schema/users';
import { createClub, memberOf } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';
import sharp from 'sharp';
import { brokenMultiparts, multipart, png } from './support/uploads';

const validProfile = {
  name: '  Laura ',
  lastname: 'Martínez',
  phone: '+57 300 123 4567',
  birth_date: '1990-05-17',
  gender: 'female',
};

function updateStep(ctx: TestContext, token: string | undefined, body: unknown) {
  return ctx.request({ method: 'PUT', url: '/api/profile/update-step', token, body });
}

async function completion(ctx: TestContext, token: string) {
  const response = await ctx.request({ method: 'GET', url: '/api/profile/completion', token });
  expect(response.statusCode).toBe(200);
  return profileCompletionResponseSchema.parse(response.json()).data;
}

function uploadPhoto(
  ctx: TestContext,
  token: string | undefined,
  bytes: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
) {
  const body = multipart(
    options.field ?? 'photo',
    options.filename ?? 'foto.png',
    options.contentType ?? 'image/png',
    bytes,
  );
  return ctx.request({ method: 'POST', url: '/api/profile/photo', token, ...body });
}

describeEachDatabase('Profile API (/api/profile)', (ctx) => {
  it("answers 401 'Usuario no autenticado' on every call without a session", async () => {
    const responses = [
      await ctx.request({ method: 'GET', url: '/api/profile/completion' }),
      await updateStep(ctx, undefined, { step: 'profile', data: validProfile }),
      await updateStep(ctx, undefined, { step: 'nada' }),
      await ctx.request({ method: 'GET', url: '/api/profile/required-fields/entrenador' }),
      await uploadPhoto(ctx, undefined, await png(10, 10)),
      await ctx.request({ method: 'GET', url: '/api/profile/completion', token: 'roto' }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: onboardingMessages.unauthenticated });
    }
  });

  it('counts the completion over the fields of the flow and fills it step by step', async () => {
    const person = await registerUser(ctx, { name: 'Laura', lastname: 'Martínez' });
    expect(await completion(ctx, person.token)).toEqual({
      percentage: 29,
      completed_fields: ['name', 'lastname'],
      missing_fields: ['phone', 'birth_date', 'gender', 'document_type', 'document_number'],
      required_fields: [
        'name',
        'lastname',
        'phone',
        'birth_date',
        'gender',
        'document_type',
        'document_number',
      ],
    });

    const saved = await updateStep(ctx, person.token, { step: 'profile', data: validProfile });
    expect(saved.statusCode).toBe(200);
    const data = profileUpdateResponseSchema.parse(saved.json()).data;
    expect(data.profile).toEqual({
      name: 'Laura',
      lastname: 'Martínez',
      email: person.email,
      phone: '+57 300 123 4567',
      birth_date: '1990-05-17',
      gender: 'female',
      document_type: null,
      document_number: null,
      photo_url: null,
    });
    expect(data.completion.percentage).toBe(71);

    const documented = await updateStep(ctx, person.token, {
      step: 'document',
      data: { document_type: 'CC', document_number: ' 1.020.304.050 ' },
    });
    expect(documented.statusCode).toBe(200);
    const after = profileUpdateResponseSchema.parse(documented.json()).data;
    expect(after.profile).toMatchObject({ document_type: 'CC', document_number: '1020304050' });
    expect(after.completion).toMatchObject({ percentage: 100, missing_fields: [] });
    expect((await completion(ctx, person.token)).percentage).toBe(100);

    const status = await ctx.request({
      method: 'GET',
      url: '/api/onboarding/status',
      token: person.token,
    });
    expect(status.json<{ data: { user_data: object } }>().data.user_data).toMatchObject({
      phone: '+57 300 123 4567',
      document_number: '1020304050',
    });
  });

  it('refuses bad input with 400 and the field paths, per document type', async () => {
    const person = await registerUser(ctx);
    const badPhone = await updateStep(ctx, person.token, {
      step: 'profile',
      data: { ...validProfile, phone: '12' },
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json<{ errors: { path: string }[] }>().errors).toEqual([
      { path: 'data.phone', message: 'El teléfono debe tener entre 7 y 15 dígitos' },
    ]);

    const missing = await updateStep(ctx, person.token, { step: 'profile', data: {} });
    expect(missing.statusCode).toBe(400);
    const paths = missing.json<{ errors: { path: string }[] }>().errors.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'data.name',
        'data.lastname',
        'data.phone',
        'data.birth_date',
        'data.gender',
      ]),
    );

    for (const [type, number, message] of [
      ['CC', '12AB', 'La cédula debe tener entre 6 y 10 dígitos'],
      ['TI', '123', 'La tarjeta de identidad debe tener 10 u 11 dígitos'],
      ['PAS', 'AB-1', 'El pasaporte debe tener entre 6 y 12 letras o números'],
    ] as const) {
      const response = await updateStep(ctx, person.token, {
        step: 'document',
        data: { document_type: type, document_number: number },
      });
      expect(response.statusCode, type).toBe(400);
      expect(response.json<{ errors: unknown[] }>().errors).toEqual([
        { path: 'data.document_number', message },
      ]);
    }

    const unknownStep = await updateStep(ctx, person.token, { step: 'club', data: {} });
    expect(unknownStep.statusCode).toBe(400);

    const [row] = await ctx.db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ phone: null, documentNumber: null });
  });

  it('refuses with 422 a document another person already holds, and allows the same number of another type', async () => {
    const first = await registerUser(ctx);
    const second = await registerUser(ctx);
    const document = { document_type: 'CC', document_number: '79123456' };
    expect(
      (await updateStep(ctx, first.token, { step: 'document', data: document })).statusCode,
    ).toBe(200);
    // Saving one's own document again is fine.
    expect(
      (await updateStep(ctx, first.token, { step: 'document', data: document })).statusCode,
    ).toBe(200);

    const taken = await updateStep(ctx, second.token, { step: 'document', data: document });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({
      message: profileMessages.documentTaken,
      errors: [{ path: 'data.document_number', message: profileMessages.documentTaken }],
    });

    const otherType = await updateStep(ctx, second.token, {
      step: 'document',
      data: { document_type: 'CE', document_number: '79123456' },
    });
    expect(otherType.statusCode).toBe(200);
  });

  it("changes only the caller's own profile", async () => {
    const me = await registerUser(ctx, { name: 'Yo', lastname: 'Mismo' });
    const other = await registerUser(ctx, { name: 'Otra', lastname: 'Persona' });
    const response = await updateStep(ctx, me.token, {
      step: 'profile',
      data: { ...validProfile, id: other.id, user_id: other.id, email: 'robo@prueba.test' },
    });
    expect(response.statusCode).toBe(200);
    const [mine] = await ctx.db.select().from(users).where(eq(users.id, me.id));
    const [theirs] = await ctx.db.select().from(users).where(eq(users.id, other.id));
    expect(mine).toMatchObject({ name: 'Laura', email: me.email });
    expect(theirs).toMatchObject({ name: 'Otra', lastname: 'Persona', phone: null });
  });

  it('counts a trainer and a super admin over their own flows', async () => {
    const owner = await registerUser(ctx);
    const club = await createClub(ctx, owner.token, { name: 'Club de Perfiles' });
    const trainer = await memberOf(ctx, club.id, 'Entrenador');
    expect((await completion(ctx, trainer.token)).required_fields).toHaveLength(7);

    const required = await ctx.request({
      method: 'GET',
      url: '/api/profile/required-fields/super-admin',
      token: owner.token,
    });
    expect(requiredFieldsResponseSchema.parse(required.json()).data).toEqual({
      role_name: 'Super Admin',
      required_fields: ['name', 'lastname', 'phone', 'birth_date', 'gender'],
    });
    const byName = await ctx.request({
      method: 'GET',
      url: `/api/profile/required-fields/${encodeURIComponent('Padre/Acudiente')}`,
      token: owner.token,
    });
    expect(requiredFieldsResponseSchema.parse(byName.json()).data.role_name).toBe(
      'Padre/Acudiente',
    );
    const unknown = await ctx.request({
      method: 'GET',
      url: '/api/profile/required-fields/arbitro',
      token: owner.token,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: onboardingMessages.unknownFlow });
  });

  it('stores a photo as a WebP of at most 512 px, serves it and deletes the previous one', async () => {
    const person = await registerUser(ctx);
    const first = await uploadPhoto(ctx, person.token, await png(1200, 800));
    expect(first.statusCode).toBe(200);
    const firstUrl = profileUpdateResponseSchema.parse(first.json()).data.profile.photo_url;
    expect(firstUrl).toMatch(/^\/api\/files\/photos\/\d+-[\w-]{22}\.webp$/);

    const served = await ctx.request({ method: 'GET', url: firstUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: PHOTO_MAX_SIDE, height: 341 });
    expect(meta.exif).toBeUndefined();

    // A small JPEG is not enlarged; the name and the client's type do not matter.
    const jpeg = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#00ff00' },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secreto' } } })
      .toBuffer();
    const second = await uploadPhoto(ctx, person.token, jpeg, {
      filename: 'foto.gif',
      contentType: 'application/octet-stream',
    });
    expect(second.statusCode).toBe(200);
    const secondUrl = profileUpdateResponseSchema.parse(second.json()).data.profile.photo_url;
    expect(secondUrl).not.toBe(firstUrl);
    const secondServed = await ctx.request({ method: 'GET', url: secondUrl! });
    const secondMeta = await sharp(secondServed.rawPayload).metadata();
    expect(secondMeta).toMatchObject({ format: 'webp', width: 40, height: 30 });
    expect(secondMeta.exif).toBeUndefined();

    expect((await ctx.request({ method: 'GET', url: firstUrl! })).statusCode).toBe(404);
    expect([...ctx.storage.files.keys()].filter((key) => key.includes(`/${person.id}-`))).toEqual([
      secondUrl!.replace('/api/files/', ''),
    ]);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, person.id));
    expect(row?.photoUrl).toBe(secondUrl);
  });

  it('refuses a photo that is not an image, too large, unreadable or missing with 400 on photo', async () => {
    const person = await registerUser(ctx);
    const refused = async (response: Awaited<ReturnType<typeof uploadPhoto>>, message: string) => {
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ message, errors: [{ path: 'photo', message }] });
    };
    await refused(
      await uploadPhoto(ctx, person.token, Buffer.from('no soy una imagen, solo texto')),
      profileMessages.photoWrongType,
    );
    const big = Buffer.alloc(PHOTO_MAX_BYTES + 1024, 0);
    (await png(2, 2)).copy(big);
    await refused(await uploadPhoto(ctx, person.token, big), profileMessages.photoTooLarge);
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    await refused(
      await uploadPhoto(ctx, person.token, garbage, { filename: 'foto.jpg' }),
      profileMessages.photoUnreadable,
    );
    await refused(
      await uploadPhoto(ctx, person.token, await png(10, 10), { field: 'otra' }),
      profileMessages.photoMissing,
    );
    await refused(
      await ctx.request({ method: 'POST', url: '/api/profile/photo', token: person.token }),
      profileMessages.photoMissing,
    );
    const [row] = await ctx.db.select().from(users).where(eq(users.id, person.id));
    expect(row?.photoUrl).toBeNull();
  });

  it('refuses a multipart body cut short or without its boundary: 400 on photo, never a 500', async () => {
    const person = await registerUser(ctx);
    const body = multipart('photo', 'foto.png', 'image/png', await png(20, 20));
    for (const broken of brokenMultiparts(body)) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/profile/photo',
        token: person.token,
        ...broken,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        errors: [{ path: 'photo', message: profileMessages.photoUnreadable }],
      });
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, person.id));
    expect(row?.photoUrl).toBeNull();
  });

  it('takes the photo field when a second file follows it', async () => {
    const person = await registerUser(ctx);
    const first = multipart('photo', 'foto.png', 'image/png', await png(20, 20));
    const second = multipart('extra', 'otra.png', 'image/png', await png(5, 5));
    const boundary = /boundary=(\S+)/.exec(first.headers['content-type'])![1]!;
    const secondBoundary = /boundary=(\S+)/.exec(second.headers['content-type'])![1]!;
    // Both parts under the first boundary: drop the first body's closing line.
    const firstBody = first.payload.subarray(
      0,
      first.payload.length - `--${boundary}--\r\n`.length,
    );
    const secondBody = Buffer.from(
      second.payload.toString('latin1').replaceAll(secondBoundary, boundary),
      'latin1',
    );
    const response = await ctx.request({
      method: 'POST',
      url: '/api/profile/photo',
      token: person.token,
      headers: first.headers,
      payload: Buffer.concat([firstBody, secondBody]),
    });
    expect(response.statusCode).toBe(200);
    expect(profileUpdateResponseSchema.parse(response.json()).data.profile.photo_url).toMatch(
      /\.webp$/,
    );
  });

  it('answers 404 for a photo that does not exist or a name that is not one', async () => {
    for (const name of ['1-AAAAAAAAAAAAAAAAAAAAAA.webp', 'x.webp', '..%2F..%2Fetc%2Fpasswd']) {
      const response = await ctx.request({ method: 'GET', url: `/api/files/photos/${name}` });
      expect(response.statusCode, name).toBe(404);
    }
  });
});
