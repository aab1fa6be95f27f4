import { expect, it } from 'vitest';
import { NOTIFICATION_EMAIL_DEFAULTS } from '../../contract/notifications.schema';
import { describeEachDatabase, registerUser } from './support/test-app';

describeEachDatabase('Notification e-mail preferences', (ctx) => {
  const put = (token: string | undefined, body: unknown) =>
    ctx.request({ method: 'PUT', url: '/api/notifications/preferences', token, body });
  const get = (token: string | undefined) =>
    ctx.request({ method: 'GET', url: '/api/notifications/preferences', token });

  it('answers every type with its default until the person chooses', async () => {
    const me = await registerUser(ctx);
    const response = await get(me.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { email: NOTIFICATION_EMAIL_DEFAULTS },
    });
    expect(NOTIFICATION_EMAIL_DEFAULTS.club_announcement).toBe(true);
    expect(NOTIFICATION_EMAIL_DEFAULTS.system_alert).toBe(true);
    expect(NOTIFICATION_EMAIL_DEFAULTS.payment_due).toBe(false);
  });

  it('stores the given types only and keeps each person’s choices apart', async () => {
    const me = await registerUser(ctx);
    const other = await registerUser(ctx);
    const first = await put(me.token, { email: { payment_due: true, club_announcement: false } });
    expect(first.statusCode).toBe(200);
    const expected = {
      ...NOTIFICATION_EMAIL_DEFAULTS,
      payment_due: true,
      club_announcement: false,
    };
    expect(first.json()).toEqual({ success: true, data: { email: expected } });
    const second = await put(me.token, { email: { payment_due: false } });
    expect(second.json().data.email).toEqual({ ...expected, payment_due: false });
    expect((await get(me.token)).json().data.email).toEqual({ ...expected, payment_due: false });
    expect((await get(other.token)).json().data.email).toEqual(NOTIFICATION_EMAIL_DEFAULTS);
  });

  it('refuses an unknown type, a non-boolean choice or a missing object with 400 in Spanish', async () => {
    const me = await registerUser(ctx);
    const cases: [unknown, string][] = [
      [{ email: { birthday: true } }, 'email.birthday'],
      [{ email: { payment_due: 'sí' } }, 'email.payment_due'],
      [{ email: 'todo' }, 'email'],
      [{}, 'email'],
    ];
    for (const [body, path] of cases) {
      const response = await put(me.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const [error] = response.json<{ errors: { path: string; message: string }[] }>().errors;
      expect(error!.path, JSON.stringify(body)).toBe(path);
      expect(error!.message, JSON.stringify(body)).toMatch(/^(El|La|Las) /);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await put(undefined, { email: {} })).statusCode).toBe(401);
  });
});
