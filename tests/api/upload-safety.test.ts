import { beforeEach, expect, it } from 'vitest';
import { profileUpdateResponseSchema } from '../../contract/profile.schema';
import { createClub } from './support/clubs';
import { clubMethods } from './support/payment-actions';
import { getProof, postForm } from './support/payment-proofs';
import { MARCH_10, base, moneyClub } from './support/payments';
import { describeEachDatabase, registerUser } from './support/test-app';
import { multipart, png } from './support/uploads';

/*
 * Issue #33 item 7: uploads never run active content in the app's origin. A proof of
 * payment PDF (which may carry /OpenAction JavaScript) is served as a download, every
 * served upload carries a sandboxing CSP and nosniff, and an image address a form saves
 * (a person's photo, a club's logo) is our own stored file or an https URL — never
 * `javascript:`, `data:` or `http:`.
 */

/** A PDF that runs JavaScript when opened: `/OpenAction` on its catalog. */
const pdfWithJavaScript = () =>
  Buffer.from(
    '%PDF-1.4\n' +
      '1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >> endobj\n' +
      '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
      "3 0 obj << /Type /Action /S /JavaScript /JS (app.alert\\('comprobante'\\);) >> endobj\n" +
      'trailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );

const expectSandboxed = (headers: Record<string, unknown>) => {
  const csp = String(headers['content-security-policy']);
  expect(csp.split(';').map((part) => part.trim())).toEqual(
    expect.arrayContaining(['sandbox', "default-src 'none'"]),
  );
  expect(csp).not.toMatch(/script-src/);
  expect(headers['x-content-type-options']).toBe('nosniff');
};

describeEachDatabase('Uploads served without active content (issue #33 item 7)', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;

  beforeEach(async () => {
    ctx.clock.set(MARCH_10);
    f = await moneyClub(ctx);
  });

  const proofFields = async () => ({
    amount: 50_000,
    payment_method_id: (await clubMethods(ctx, f.clubId)).cash,
    paid_on: '2026-03-09',
  });

  it('serves a proof PDF with /OpenAction JavaScript as a sandboxed download, never inline', async () => {
    const bytes = pdfWithJavaScript();
    const sent = await postForm(ctx, f.owner.token, f.clubId, f.list[0]!.id, await proofFields(), {
      filename: 'pago.pdf',
      contentType: 'application/pdf',
      bytes,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const recordId = sent.json<{ data: { record: { id: number } } }>().data.record.id;

    const read = await getProof(ctx, f.owner.token, f.clubId, f.list[0]!.id, recordId);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.headers['content-disposition']).toBe(
      `attachment; filename="comprobante-${recordId}.pdf"`,
    );
    expectSandboxed(read.headers);
    expect(read.rawPayload.equals(bytes)).toBe(true);
  });

  it('keeps an image proof inline, sandboxed', async () => {
    const sent = await postForm(ctx, f.owner.token, f.clubId, f.list[0]!.id, await proofFields(), {
      filename: 'pago.png',
      contentType: 'image/png',
      bytes: await png(40, 40),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const recordId = sent.json<{ data: { record: { id: number } } }>().data.record.id;
    const read = await getProof(ctx, f.owner.token, f.clubId, f.list[0]!.id, recordId);
    expect(read.headers['content-type']).toBe('image/webp');
    expect(read.headers['content-disposition']).toBe('inline');
    expectSandboxed(read.headers);
  });

  it('serves a profile photo inline, sandboxed', async () => {
    const person = await registerUser(ctx);
    const uploaded = await ctx.request({
      method: 'POST',
      url: '/api/profile/photo',
      token: person.token,
      ...multipart('photo', 'foto.png', 'image/png', await png(64, 64)),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = profileUpdateResponseSchema.parse(uploaded.json()).data.profile.photo_url!;
    const read = await ctx.request({ method: 'GET', url });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-disposition']).toBe('inline');
    expectSandboxed(read.headers);
  });

  const player = (photoUrl: unknown, document: string) =>
    ctx.request({
      method: 'POST',
      url: `${base(f.clubId)}/players`,
      token: f.owner.token,
      body: {
        name: 'Foto',
        lastname: 'Prueba',
        document_type: 'CC',
        document_number: document,
        birth_date: '2000-01-15',
        gender: 'female',
        photo_url: photoUrl,
      },
    });
  const fieldErrors = (response: { json: () => unknown }) =>
    Object.fromEntries(
      (response.json() as { errors: { path: string; message: string }[] }).errors.map((e) => [
        e.path,
        e.message,
      ]),
    );

  it("refuses a player's photo_url that is javascript:, data: or http: with 400 on the field", async () => {
    const refused = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'http://ejemplo.co/foto.png',
      '/api/files/photos/../../etc/passwd',
      '//ejemplo.co/foto.png',
      'https://usuario:clave@ejemplo.co/foto.png',
    ];
    let document = 4_100_000_000;
    for (const value of refused) {
      const response = await player(value, String(document++));
      expect(response.statusCode, value).toBe(400);
      expect(fieldErrors(response), value).toEqual({
        photo_url: 'La foto debe ser una imagen subida a la aplicación o una dirección https',
      });
    }
  });

  it("accepts a player's photo_url that is our stored photo's path or an https URL", async () => {
    for (const [value, document] of [
      ['/api/files/photos/12-abcdefghijklmnopqrstuv.webp', '4200000001'],
      ['https://ejemplo.co/fotos/ana.png', '4200000002'],
      ['', '4200000003'],
    ] as const) {
      const response = await player(value, document);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ data: { photo_url: string | null } }>().data.photo_url).toBe(
        value === '' ? null : value,
      );
    }
  });

  it("applies the same rule to a club's logo", async () => {
    for (const value of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://a.co/l.png',
    ]) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/pla_club_teams',
        token: f.owner.token,
        body: { name: 'Club Logo', logo_url: value },
      });
      expect(response.statusCode, value).toBe(400);
      expect(fieldErrors(response).logo_url).toBe(
        'El logo debe ser una imagen subida a la aplicación o una dirección https',
      );
    }
    const club = await createClub(ctx, f.owner.token, {
      name: 'Club Logo',
      logo_url: 'https://ejemplo.co/logo.png',
    });
    expect(club.logo_url).toBe('https://ejemplo.co/logo.png');
  });
});
