import { and, eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { authMessages } from '../../contract/auth.schema';
import { PASSWORD_COST, hashPassword } from '../../server/auth/passwords';
import { loginAttempts } from '../../server/db/schema/auth';
import { users } from '../../server/db/schema/users';
import { describeEachDatabase, login, registerUser, uniqueEmail } from './support/test-app';

/** How many of `responses` answered each status. */
function tally(responses: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

describeEachDatabase('auth: login limits under parallel guesses', (ctx) => {
  it('checks at most 10 passwords of one e-mail + IP when 60 guesses arrive at once', async () => {
    const { email, password } = await registerUser(ctx);
    const ip = '198.51.100.10';
    // The right password first, then 59 wrong ones, all in flight together.
    const guesses = [password, ...Array.from({ length: 59 }, (_, i) => `Incorrecta${i}`)];

    const responses = await Promise.all(guesses.map((guess) => login(ctx, email, guess, ip)));

    const counts = tally(responses);
    // At most 10 wrong passwords are checked. The right one, if its check ends before the
    // last guesses begin, frees its own slot (a success is not a guess): one more may go in.
    expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
    expect(counts[200] ?? 0).toBeLessThanOrEqual(1);
    expect(counts[429]).toBeGreaterThanOrEqual(49);
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.json()).toEqual({ message: authMessages.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps the failures made in parallel with a successful login', async () => {
    const { email, password, id } = await registerUser(ctx);
    const ip = '198.51.100.11';
    // A full-cost hash keeps the right password's check running while the guesses arrive.
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(password, PASSWORD_COST) })
      .where(eq(users.id, id));
    const attemptsOf = () =>
      ctx.db
        .select()
        .from(loginAttempts)
        .where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)));

    // The right password is counted first; the 8 wrong ones begin while it is being checked
    // (none of them ended before it began, so its success may not forget any of them).
    const success = login(ctx, email, password, ip);
    await vi.waitFor(async () => expect(await attemptsOf()).toHaveLength(1), { interval: 2 });
    const guesses = Array.from({ length: 8 }, (_, i) => login(ctx, email, `Incorrecta${i}`, ip));
    const responses = await Promise.all([success, ...guesses]);

    const failures = responses.filter((response) => response.statusCode === 401).length;
    expect(responses[0]!.statusCode).toBe(200);
    expect(failures).toBe(8);
    const counted = await attemptsOf();
    expect(counted).toHaveLength(failures);
    // Two more wrong guesses reach the limit of 10; the right password is then refused.
    await login(ctx, email, 'Incorrecta1', ip);
    await login(ctx, email, 'Incorrecta1', ip);
    expect((await login(ctx, email, password, ip)).statusCode).toBe(429);
  });

  it('refuses an IP that failed 30 times across different e-mails (password spraying)', async () => {
    const account = await registerUser(ctx);
    const ip = '198.51.100.12';
    for (let batch = 0; batch < 3; batch++) {
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => login(ctx, uniqueEmail('spray'), 'Incorrecta1', ip)),
      );
      expect(tally(responses)).toEqual({ 401: 10 });
    }

    const sprayed = await login(ctx, account.email, account.password, ip);
    expect(sprayed.statusCode).toBe(429);
    expect(Number(sprayed.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(ctx, uniqueEmail('otra'), 'Incorrecta1', ip)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login(ctx, account.email, account.password, '198.51.100.13')).statusCode).toBe(
      200,
    );

    ctx.clock.advanceMinutes(15);
    expect((await login(ctx, account.email, account.password, ip)).statusCode).toBe(200);
  }, 120_000);
});
