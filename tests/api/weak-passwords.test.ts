import { expect, it } from 'vitest';
import { describeEachDatabase, uniqueEmail, SIGN_UP_CONSENT } from './support/test-app';

/*
 * Issue #10, item 10: the passwords the probe got accepted, and the person's own name or
 * e-mail, are refused with a Spanish reason on `password` (contract/passwords.ts).
 */

const COMMON = 'Esa contraseña es de las más usadas; elige otra';
const REPEATED = 'La contraseña repite demasiado los mismos caracteres';
const PERSONAL = 'La contraseña no puede contener tu nombre ni tu correo';

const passwordErrors = (body: { errors?: { path: string; message: string }[] }) =>
  (body.errors ?? []).filter((error) => error.path === 'password').map((error) => error.message);

describeEachDatabase('weak passwords', (ctx) => {
  const register = (password: string, email = uniqueEmail('clave')) =>
    ctx.request({
      method: 'POST',
      url: '/api/register',
      body: {
        name: 'Lucía',
        lastname: 'Gómez',
        email,
        password,
        password_confirmation: password,
        ...SIGN_UP_CONSENT,
      },
    });

  for (const [password, reason] of [
    ['password1', COMMON],
    ['12345678a', COMMON],
    ['       a1', REPEATED],
    ['Colombia2024!', COMMON],
    ['qwerty123', COMMON],
    ['aaaaaaa1', REPEATED],
    ['LuciaCancha9', PERSONAL],
    ['gomez-2026-x', PERSONAL],
  ] as const) {
    it(`refuses ${JSON.stringify(password)} at registration: ${reason}`, async () => {
      const response = await register(password);
      expect(response.statusCode).toBe(400);
      expect(passwordErrors(response.json())).toEqual([reason]);
    });
  }

  it('refuses a password made of the e-mail’s name', async () => {
    const response = await register('Tesorero77x', 'tesorero@club-norte.co');
    expect(response.statusCode).toBe(400);
    expect(passwordErrors(response.json())).toEqual([PERSONAL]);
  });

  it('accepts a password that is none of these', async () => {
    const response = await register('Trigal-Azul-42');
    expect(response.statusCode).toBe(201);
  });

  it('refuses a weak new password when resetting, before looking at the link', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/reset-password',
      body: {
        token: 'a'.repeat(64),
        email: 'lucia@demo.club',
        password: 'lucia2026x',
        password_confirmation: 'lucia2026x',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(passwordErrors(response.json())).toEqual([PERSONAL]);
  });
});
