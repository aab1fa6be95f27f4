import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/api-error.schema';
import { consentMessages } from '../../contract/auth.schema';
import { users } from '../../server/db/schema/users';
import {
  VALID_PASSWORD,
  describeEachDatabase,
  uniqueEmail,
  SIGN_UP_CONSENT,
} from './support/test-app';

/** The Spanish message of each field when it is missing or of the wrong type (from contract/). */
const required = {
  name: 'El nombre es obligatorio',
  lastname: 'El apellido es obligatorio',
  email: 'El correo es obligatorio',
  password: 'La contraseña es obligatoria',
  password_confirmation: 'Confirma la contraseña',
  token: 'El enlace no es válido',
  accept_terms: consentMessages.termsRequired,
  terms_version: 'La versión de los términos es obligatoria',
  accept_data_policy: consentMessages.dataPolicyRequired,
  data_policy_version: 'La versión de la política de privacidad es obligatoria',
} as const;
type Field = keyof typeof required;

const endpoints: {
  url: string;
  /** The text fields, each refused in every wrong shape. */
  fields: Field[];
  /** Required fields that are not text (the sign-up's acceptances), named when missing. */
  alsoRequired?: Field[];
  valid: () => Record<string, unknown>;
}[] = [
  {
    url: '/api/register',
    fields: ['name', 'lastname', 'email', 'password', 'password_confirmation'],
    alsoRequired: ['accept_terms', 'terms_version', 'accept_data_policy', 'data_policy_version'],
    valid: () => ({
      name: 'Ana',
      lastname: 'Pérez',
      email: uniqueEmail('valida'),
      password: VALID_PASSWORD,
      password_confirmation: VALID_PASSWORD,
      ...SIGN_UP_CONSENT,
    }),
  },
  {
    url: '/api/login',
    fields: ['email', 'password'],
    valid: () => ({ email: uniqueEmail('valida'), password: VALID_PASSWORD }),
  },
  {
    url: '/api/forgot-password',
    fields: ['email'],
    valid: () => ({ email: uniqueEmail('valida') }),
  },
  {
    url: '/api/reset-password',
    fields: ['token', 'email', 'password', 'password_confirmation'],
    valid: () => ({
      token: 'token-de-prueba',
      email: uniqueEmail('valida'),
      password: VALID_PASSWORD,
      password_confirmation: VALID_PASSWORD,
    }),
  },
];

const TEN_KB = 'a'.repeat(10 * 1024);
const tooLong: Partial<Record<Field, string>> = {
  name: 'El nombre no puede tener más de 255 caracteres',
  lastname: 'El apellido no puede tener más de 255 caracteres',
  email: 'El correo no puede tener más de 255 caracteres',
  password: 'La contraseña no puede tener más de 128 caracteres',
  password_confirmation: 'Las contraseñas no coinciden',
  token: 'El enlace no es válido',
};

/** No English from zod or Fastify, no stack, no SQL. */
function expectSpanishError(body: string) {
  const parsed = apiErrorSchema.strict().parse(JSON.parse(body));
  const texts = [parsed.message, ...(parsed.errors ?? []).map((error) => error.message)];
  for (const text of texts) {
    expect(text).not.toMatch(
      /\b(invalid|expected|required|received|error|unexpected|body|must)\b/i,
    );
  }
  expect(body).not.toMatch(/stack|select |insert |drizzle|at .*\.ts:\d+/i);
  return parsed;
}

describeEachDatabase('bad input on the auth endpoints', (ctx) => {
  const post = (url: string, body?: unknown) => ctx.request({ method: 'POST', url, body });

  for (const endpoint of endpoints) {
    describe(endpoint.url, () => {
      it('names every missing field in Spanish (empty object)', async () => {
        const response = await post(endpoint.url, {});
        expect(response.statusCode).toBe(400);
        const body = expectSpanishError(response.body);
        expect(body.message).toBe('Datos inválidos');
        expect(body.errors).toEqual(
          [...endpoint.fields, ...(endpoint.alsoRequired ?? [])].map((path) => ({
            path,
            message: required[path],
          })),
        );
      });

      it('names every missing field in Spanish (no body at all)', async () => {
        const response = await post(endpoint.url);
        expect(response.statusCode).toBe(400);
        expect(expectSpanishError(response.body).errors?.map((error) => error.path)).toEqual([
          ...endpoint.fields,
          ...(endpoint.alsoRequired ?? []),
        ]);
      });

      for (const field of endpoint.fields) {
        it.each([
          ['a number', 12345],
          ['an array', ['a', 'b']],
          ['null', null],
          ['a boolean', true],
          ['an object', { $ne: '' }],
        ])(`refuses ${field} as %s with its Spanish message`, async (_label, value) => {
          const response = await post(endpoint.url, { ...endpoint.valid(), [field]: value });
          expect(response.statusCode).toBe(400);
          const body = expectSpanishError(response.body);
          expect(body.errors).toContainEqual({ path: field, message: required[field] });
        });

        it(`refuses a 10 kB ${field}`, async () => {
          const payload = { ...endpoint.valid(), [field]: TEN_KB };
          const response = await post(endpoint.url, payload);
          expect(response.statusCode).toBe(400);
          const body = expectSpanishError(response.body);
          expect(
            body.errors?.find((error) => error.path === field)?.message ??
              body.errors?.[0]?.message,
          ).toBe(tooLong[field]);
          expect(response.body.length).toBeLessThan(1000);
        });
      }

      it.each([
        ['text/plain', 'email=ana@example.com'],
        ['application/x-www-form-urlencoded', 'email=ana%40example.com&password=x'],
        ['application/xml', '<email>ana@example.com</email>'],
      ])('refuses a %s body with 400', async (contentType, payload) => {
        const response = await ctx.request({
          method: 'POST',
          url: endpoint.url,
          headers: { 'content-type': contentType },
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(expectSpanishError(response.body).message).toBe(
          'El cuerpo de la solicitud debe enviarse como JSON (Content-Type: application/json)',
        );
      });

      it.each(['{"email": ', '{email: "a@b.co"}', "{'a': 1}", '{"a":1}}'])(
        'refuses the malformed JSON %s with 400',
        async (payload) => {
          const response = await ctx.request({
            method: 'POST',
            url: endpoint.url,
            headers: { 'content-type': 'application/json' },
            payload,
          });
          expect(response.statusCode).toBe(400);
          expect(expectSpanishError(response.body).message).toBe(
            'El cuerpo de la solicitud no es un JSON válido',
          );
        },
      );

      it.each([
        ['an array', '[]'],
        ['null', 'null'],
        ['a string', '"hola"'],
        ['a number', '42'],
      ])('refuses %s as the JSON body with 400', async (_label, payload) => {
        const response = await ctx.request({
          method: 'POST',
          url: endpoint.url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(expectSpanishError(response.body).message).toBe(
          'El cuerpo de la solicitud debe ser un objeto JSON',
        );
      });

      it('treats an empty JSON body as no fields', async () => {
        const response = await ctx.request({
          method: 'POST',
          url: endpoint.url,
          headers: { 'content-type': 'application/json' },
          payload: '',
        });
        expect(response.statusCode).toBe(400);
        expect(expectSpanishError(response.body).errors?.map((error) => error.path)).toEqual([
          ...endpoint.fields,
          ...(endpoint.alsoRequired ?? []),
        ]);
      });

      it('refuses prototype poisoning in the JSON body', async () => {
        for (const payload of [
          '{"__proto__": {"polluted": true}}',
          '{"constructor": {"prototype": {"polluted": true}}}',
        ]) {
          const response = await ctx.request({
            method: 'POST',
            url: endpoint.url,
            headers: { 'content-type': 'application/json' },
            payload,
          });
          expect(response.statusCode).toBe(400);
          expect(expectSpanishError(response.body).message).toBe(
            'El cuerpo de la solicitud no es un JSON válido',
          );
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      });

      it('refuses a body over 1 MiB with 413', async () => {
        const response = await post(endpoint.url, {
          ...endpoint.valid(),
          padding: 'x'.repeat(1024 * 1024),
        });
        expect(response.statusCode).toBe(413);
        expect(expectSpanishError(response.body).message).toBe('La solicitud es demasiado grande');
      });

      it('ignores unknown fields and does not echo them', async () => {
        const response = await post(endpoint.url, {
          ...endpoint.valid(),
          campo_inventado: 'valor-que-no-debe-volver',
        });
        expect(response.statusCode).toBeLessThan(500);
        expect(response.body).not.toContain('campo_inventado');
        expect(response.body).not.toContain('valor-que-no-debe-volver');
      });
    });
  }

  it('registers with unknown privileged fields stripped: no super admin, no club', async () => {
    const email = uniqueEmail('intruso');
    const response = await post('/api/register', {
      name: 'Intruso',
      lastname: 'Astuto',
      email,
      password: VALID_PASSWORD,
      password_confirmation: VALID_PASSWORD,
      ...SIGN_UP_CONSENT,
      is_super_admin: true,
      current_club_id: 1,
      roles: [{ name: 'Super Admin' }],
      token_version: 99,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({
      is_super_admin: false,
      roles: [],
      current_club_id: null,
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ isSuperAdmin: false, currentClubId: null, tokenVersion: 0 });
  });

  it.each([
    ['no-es-un-correo', 'El correo no es válido'],
    ['ana@', 'El correo no es válido'],
    ['   ', 'El correo es obligatorio'],
  ])('refuses the e-mail %j with a Spanish message', async (email, message) => {
    const response = await post('/api/login', { email, password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(expectSpanishError(response.body).errors).toContainEqual({ path: 'email', message });
  });

  it('refuses a name of only spaces', async () => {
    const response = await post('/api/register', { ...endpoints[0]!.valid(), name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({
      path: 'name',
      message: 'El nombre es obligatorio',
    });
  });
});
