import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { PRIVACY_POLICY_VERSION, TERMS_VERSION, consentMessages } from '../../contract/auth.schema';
import { platformConsents } from '../../server/db/schema/consents';
import { users } from '../../server/db/schema/users';
import {
  SIGN_UP_CONSENT,
  VALID_PASSWORD,
  describeEachDatabase,
  uniqueEmail,
} from './support/test-app';

/*
 * Issue #33 item 8: a sign-up accepts the terms of use and the data-processing
 * authorisation (Ley 1581) of the versions the page showed; both are kept with who, when,
 * IP and browser, and appear in the account's data export.
 */

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Prueba/1.0';

describeEachDatabase('Sign-up consent (POST /api/register)', (ctx) => {
  const register = (email: string, consent: Record<string, unknown>) =>
    ctx.request({
      method: 'POST',
      url: '/api/register',
      remoteAddress: '203.0.113.9',
      headers: { 'user-agent': BROWSER },
      body: {
        name: 'Valentina',
        lastname: 'Ríos',
        email,
        password: VALID_PASSWORD,
        password_confirmation: VALID_PASSWORD,
        ...consent,
      },
    });
  const fieldErrors = (response: { json: () => unknown }) =>
    Object.fromEntries(
      (response.json() as { errors: { path: string; message: string }[] }).errors.map((e) => [
        e.path,
        e.message,
      ]),
    );
  const accountOf = async (email: string) =>
    (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0];

  it('refuses a sign-up without both acceptances: 400 on each field, in Spanish, no account', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { accept_terms: consentMessages.termsRequired }],
      [
        { ...SIGN_UP_CONSENT, accept_terms: false, accept_data_policy: 'sí' },
        {
          accept_terms: consentMessages.termsRequired,
          accept_data_policy: consentMessages.dataPolicyRequired,
        },
      ],
      [
        { ...SIGN_UP_CONSENT, accept_data_policy: undefined },
        { accept_data_policy: consentMessages.dataPolicyRequired },
      ],
    ];
    for (const [consent, expected] of cases) {
      const email = uniqueEmail('sin-consentimiento');
      const response = await register(email, consent);
      expect(response.statusCode, response.body).toBe(400);
      expect(fieldErrors(response)).toMatchObject(expected);
      expect(await accountOf(email)).toBeUndefined();
    }
  });

  it('refuses an outdated version with 409 on its field and creates nothing', async () => {
    const cases = [
      [{ terms_version: '2020-01-01' }, 'terms_version', consentMessages.termsOutdated],
      [
        { data_policy_version: '2020-01-01' },
        'data_policy_version',
        consentMessages.dataPolicyOutdated,
      ],
    ] as const;
    for (const [change, path, message] of cases) {
      const email = uniqueEmail('version-vieja');
      const response = await register(email, { ...SIGN_UP_CONSENT, ...change });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({ message, errors: [{ path, message }] });
      expect(await accountOf(email)).toBeUndefined();
    }
  });

  it('keeps both acceptances with version, time, IP and browser, and shows them in the export', async () => {
    const at = new Date('2026-12-06T03:00:00Z');
    ctx.clock.set(at);
    const email = uniqueEmail('con-consentimiento');
    const response = await register(email, SIGN_UP_CONSENT);
    expect(response.statusCode, response.body).toBe(201);
    const { token, user } = response.json<{ token: string; user: { id: number } }>();

    const rows = await ctx.db
      .select()
      .from(platformConsents)
      .where(eq(platformConsents.userId, user.id))
      .orderBy(platformConsents.kind);
    expect(
      rows.map((row) => [
        row.kind,
        row.version,
        row.acceptedAt.toISOString(),
        row.ip,
        row.userAgent,
      ]),
    ).toEqual([
      ['data_policy', PRIVACY_POLICY_VERSION, at.toISOString(), '203.0.113.9', BROWSER],
      ['terms', TERMS_VERSION, at.toISOString(), '203.0.113.9', BROWSER],
    ]);

    const exported = await ctx.request({ method: 'GET', url: '/api/account/export', token });
    expect(exported.statusCode, exported.body).toBe(200);
    const body = JSON.parse(exported.body) as {
      platform_consents: { kind: string; version: string; accepted_at: string; ip: string }[];
    };
    expect(body.platform_consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'terms', version: TERMS_VERSION, ip: '203.0.113.9' }),
        expect.objectContaining({ kind: 'data_policy', version: PRIVACY_POLICY_VERSION }),
      ]),
    );
    expect(body.platform_consents).toHaveLength(2);
  });
});
