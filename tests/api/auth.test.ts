import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { authMessages, authResponseSchema } from '../../contract/auth.schema';
import { loginAttempts } from '../../server/db/schema/auth';
import { userOnboarding } from '../../server/db/schema/onboarding';
import { users } from '../../server/db/schema/users';
import {
  VALID_PASSWORD,
  describeEachDatabase,
  login,
  registerUser,
  uniqueEmail,
  SIGN_UP_CONSENT,
} from './support/test-app';

describeEachDatabase('auth: register, login, logout', (ctx) => {
  const registerBody = (email: string, password = VALID_PASSWORD) => ({
    name: 'Álvaro',
    lastname: 'Peña Suárez',
    email,
    password,
    password_confirmation: password,
    ...SIGN_UP_CONSENT,
  });

  it('registers a new account: 201 with a token and a user without club or onboarding', async () => {
    const email = uniqueEmail('registro');
    const response = await ctx.request({
      method: 'POST',
      url: '/api/register',
      body: registerBody(email),
    });

    expect(response.statusCode).toBe(201);
    const { token, user } = authResponseSchema.parse(response.json());
    expect(token.split('.')).toHaveLength(3);
    expect(user).toMatchObject({
      name: 'Álvaro',
      lastname: 'Peña Suárez',
      email,
      roles: [],
      is_super_admin: false,
      permissions: [],
      listClub: [],
      modules: [],
      current_club_id: null,
    });
    expect(user.onboarding).toMatchObject({
      completed: false,
      current_step: 1,
      total_steps: 5,
      next_step: 1,
      progress_percentage: 0,
    });

    const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain(VALID_PASSWORD);
    const [onboarding] = await ctx.db
      .select()
      .from(userOnboarding)
      .where(eq(userOnboarding.userId, user.id));
    expect(onboarding?.completed).toBe(false);
  });

  it('stores the e-mail trimmed and lowercased', async () => {
    const email = uniqueEmail('mayusculas');
    const response = await ctx.request({
      method: 'POST',
      url: '/api/register',
      body: registerBody(`  ${email.toUpperCase()} `),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.email).toBe(email);
  });

  it('refuses an e-mail already registered in another case with 422 and the field message', async () => {
    const { email } = await registerUser(ctx);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/register',
      body: registerBody(email.toUpperCase()),
    });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'El correo ya está registrado',
      errors: [{ path: 'email', message: 'El correo ya está registrado' }],
    });
  });

  it('lets only one of two simultaneous registrations of one e-mail through', async () => {
    const email = uniqueEmail('carrera');
    const [first, second] = await Promise.all([
      ctx.request({ method: 'POST', url: '/api/register', body: registerBody(email) }),
      ctx.request({ method: 'POST', url: '/api/register', body: registerBody(email) }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 422]);
  });

  it.each([
    ['Corta1', 'La contraseña debe tener al menos 8 caracteres'],
    ['sololetras', 'La contraseña debe contener al menos un número'],
    ['12345678', 'La contraseña debe contener al menos una letra'],
    [`a1${'x'.repeat(200)}`, 'La contraseña no puede tener más de 128 caracteres'],
  ])('refuses the weak password %j with a Spanish field message', async (password, message) => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/register',
      body: registerBody(uniqueEmail(), password),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Datos inválidos');
    expect(response.json().errors).toContainEqual({ path: 'password', message });
  });

  it('refuses a confirmation that does not match', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/register',
      body: { ...registerBody(uniqueEmail()), password_confirmation: 'Otra1234' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'password_confirmation', message: 'Las contraseñas no coinciden' },
    ]);
  });

  it('logs in with the right password (any e-mail case): 200 with token and user', async () => {
    const { email, password, id } = await registerUser(ctx);
    const response = await login(ctx, email.toUpperCase(), password);

    expect(response.statusCode).toBe(200);
    const body = authResponseSchema.parse(response.json());
    expect(body.user.id).toBe(id);
    const me = await ctx.request({ method: 'GET', url: '/api/user', token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
  });

  it('answers a wrong password and an unknown e-mail with the same 401 body', async () => {
    const { email } = await registerUser(ctx);
    const wrongPassword = await login(ctx, email, 'NoEsLaClave1');
    const unknownEmail = await login(ctx, uniqueEmail('nadie'), 'NoEsLaClave1');

    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: authMessages.invalidCredentials });
    expect(unknownEmail.body).toBe(wrongPassword.body);
  });

  it('refuses the 11th attempt after 10 failures with 429, even with the right password, and does not count it', async () => {
    const { email, password } = await registerUser(ctx);
    const ip = '203.0.113.10';
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await login(ctx, email, 'Incorrecta1', ip)).statusCode).toBe(401);
    }
    const refused = await login(ctx, email, password, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: authMessages.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const counted = await ctx.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)));
    expect(counted).toHaveLength(10);
  });

  it('counts failures per e-mail and IP: another IP or another e-mail still logs in', async () => {
    const target = await registerUser(ctx);
    const other = await registerUser(ctx);
    const ip = '203.0.113.20';
    for (let attempt = 1; attempt <= 10; attempt++)
      await login(ctx, target.email, 'Incorrecta1', ip);

    expect((await login(ctx, target.email, target.password, ip)).statusCode).toBe(429);
    expect((await login(ctx, target.email, target.password, '203.0.113.21')).statusCode).toBe(200);
    expect((await login(ctx, other.email, other.password, ip)).statusCode).toBe(200);
  });

  it('lets the account in again once the 15-minute window has passed', async () => {
    const { email, password } = await registerUser(ctx);
    const ip = '203.0.113.30';
    for (let attempt = 1; attempt <= 10; attempt++) await login(ctx, email, 'Incorrecta1', ip);
    expect((await login(ctx, email, password, ip)).statusCode).toBe(429);

    ctx.clock.advanceMinutes(14);
    expect((await login(ctx, email, password, ip)).statusCode).toBe(429);
    ctx.clock.advanceMinutes(1);
    expect((await login(ctx, email, password, ip)).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful login', async () => {
    const { email, password } = await registerUser(ctx);
    const ip = '203.0.113.40';
    for (let attempt = 1; attempt <= 9; attempt++) await login(ctx, email, 'Incorrecta1', ip);
    expect((await login(ctx, email, password, ip)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 9; attempt++) await login(ctx, email, 'Incorrecta1', ip);
    expect((await login(ctx, email, password, ip)).statusCode).toBe(200);
  });

  it('logs out with 204 and no body', async () => {
    const { token } = await registerUser(ctx);
    const response = await ctx.request({ method: 'POST', url: '/api/logout', token });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it('logs out with 204 without a token or with a JSON body too', async () => {
    expect((await ctx.request({ method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    expect((await ctx.request({ method: 'POST', url: '/api/logout', body: {} })).statusCode).toBe(
      204,
    );
  });
});
