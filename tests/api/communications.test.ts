import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  type Communication,
  type CommunicationListResponse,
  type CommunicationPreview,
  communicationMessages,
} from '../../contract/communications.schema';
import { platformMessages } from '../../contract/platform.schema';
import { notificationPreferences } from '../../server/db/schema/notifications';
import { auditLog, massCommunications } from '../../server/db/schema/platform';
import {
  type CommunicationsPlatform,
  type Reach,
  allUsers,
  communicationsPlatform,
  expectedReach,
  mailedWith,
  message,
  notifiedBy,
  post,
} from './support/communications';
import { describeEachDatabase } from './support/test-app';

const PREVIEW = '/api/admin/communications/preview';
const SEND = '/api/admin/communications';

describeEachDatabase('Mass communications API', (ctx) => {
  let p: CommunicationsPlatform;
  beforeAll(async () => {
    p = await communicationsPlatform(ctx);
  });

  const expected = (kind: Reach) => expectedReach(ctx, p, kind);

  const preview = async (audience: object) => {
    const response = await post(ctx, p.admin.token, PREVIEW, message({ audience } as never));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: CommunicationPreview }>().data;
  };

  const send = async (body: Parameters<typeof message>[0], status = 201) => {
    const response = await post(ctx, p.admin.token, SEND, message(body));
    expect(response.statusCode, response.body).toBe(status);
    return response.json<{ data: Communication; repeated: boolean }>();
  };

  it('previews every audience kind with the count the fixture expects, sending nothing', async () => {
    const all = await preview({ kind: 'all' });
    expect(all.recipients).toBe((await expected('all')).length);
    const trainers = await preview({ kind: 'role', role: 'Entrenador' });
    // a's and b's two trainers and the person in both clubs; never locked, deleted,
    // inactive or an archived club's trainer.
    expect(trainers.recipients).toBe(5);
    expect(trainers.recipients).toBe((await expected('trainers')).length);
    const chosen = await preview({ kind: 'clubs', club_ids: [p.b.clubId, p.a.clubId, p.a.clubId] });
    expect(chosen.recipients).toBe((await expected('clubA+B')).length);
    // 7 + 7 in the two clubs, the person in both once, the one without e-mail.
    expect(chosen.recipients).toBe(16);
    expect(chosen.with_email).toBe(15);
    expect(chosen.sample).toHaveLength(5);
    expect(chosen.sample[0]).toBe('Ana Doble');
    expect(await ctx.db.select().from(massCommunications)).toHaveLength(0);
  });

  it('sends in the app only: one notification per person, platform-wide, no e-mail', async () => {
    const title = 'Solo en la app';
    const { data } = await send({
      title,
      audience: { kind: 'clubs', club_ids: [p.a.clubId, p.b.clubId] },
    });
    const reached = await expected('clubA+B');
    expect(data).toMatchObject({ recipients: reached.length, channels: ['in_app'] });
    const rows = await notifiedBy(ctx, data.id);
    expect(rows.map((row) => row.userId)).toEqual(reached);
    expect(rows.every((row) => row.clubId === null && row.type === 'club_announcement')).toBe(true);
    expect(rows.map((row) => row.userId)).not.toContain(p.locked.id);
    expect(rows.map((row) => row.userId)).not.toContain(p.deleted.id);
    expect(rows.map((row) => row.userId)).not.toContain(p.inactive.id);
    expect(await mailedWith(ctx, title)).toEqual([]);
  });

  it('sends by e-mail only to whoever has an address and did not turn the type off', async () => {
    const title = 'Solo por correo';
    await ctx.db
      .insert(notificationPreferences)
      .values({ userId: p.b.accountant.id, type: 'system_alert', email: false });
    const { data } = await send({
      title,
      kind: 'system_alert',
      channels: ['email'],
      audience: { kind: 'role', role: 'Contador' },
    });
    expect(data.recipients).toBe(2);
    expect(await notifiedBy(ctx, data.id)).toEqual([]);
    expect(await mailedWith(ctx, title)).toEqual([p.a.accountant.email]);
  });

  it('sends both ways to everyone, each person once', async () => {
    const title = 'Para todos';
    const { data } = await send({
      title,
      channels: ['email', 'in_app'],
      audience: { kind: 'all' },
    });
    const reached = await expected('all');
    expect(data).toMatchObject({ recipients: reached.length, channels: ['in_app', 'email'] });
    const rows = await notifiedBy(ctx, data.id);
    expect(rows.map((row) => row.userId)).toEqual(reached);
    const addresses = (await allUsers(ctx))
      .filter((u) => reached.includes(u.id) && u.email !== null)
      .map((u) => u.email);
    expect(await mailedWith(ctx, title)).toEqual(addresses.sort());
  });

  it('sends once per key: the same key twice at once, then again later, is one communication', async () => {
    const title = 'Doble clic';
    const body = message({
      title,
      channels: ['in_app', 'email'],
      audience: { kind: 'clubs', club_ids: [p.a.clubId] },
    });
    const [first, second] = await Promise.all([
      post(ctx, p.admin.token, SEND, body),
      post(ctx, p.admin.token, SEND, body),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    const ids = [first, second].map((r) => r.json<{ data: Communication }>().data.id);
    expect(ids[0]).toBe(ids[1]);
    const repeated = [first, second].map((r) => r.json<{ repeated: boolean }>().repeated).sort();
    expect(repeated).toEqual([false, true]);
    const stored = () =>
      ctx.db.select().from(massCommunications).where(eq(massCommunications.title, title));
    expect(await stored()).toHaveLength(1);
    const notified = (await notifiedBy(ctx, ids[0]!)).map((row) => row.userId);
    // Club A's seven people and the person in both clubs; not the locked or deleted trainer.
    expect(notified).toHaveLength(8);
    const addresses = (await allUsers(ctx))
      .filter((u) => notified.includes(u.id) && u.email !== null)
      .map((u) => u.email!)
      .sort();
    expect(await mailedWith(ctx, title)).toEqual(addresses);

    // Minutes later the same key (a retry of the same message) still sends nothing.
    ctx.clock.advance(30 * 60_000);
    const retry = await post(ctx, p.admin.token, SEND, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ repeated: true, data: { id: ids[0] } });
    expect(await stored()).toHaveLength(1);
    expect(await notifiedBy(ctx, ids[0]!)).toHaveLength(8);
    expect(await mailedWith(ctx, title)).toEqual(addresses);

    // The same text with a new key is a new message: sent again, right away.
    const again = await post(ctx, p.admin.token, SEND, { ...body, idempotency_key: randomUUID() });
    expect(again.statusCode, again.body).toBe(201);
    const next = again.json<{ data: Communication; repeated: boolean }>();
    expect(next.repeated).toBe(false);
    expect(next.data.id).not.toBe(ids[0]);
    expect(await stored()).toHaveLength(2);
    expect((await notifiedBy(ctx, next.data.id)).map((row) => row.userId)).toEqual(notified);
    expect(await mailedWith(ctx, title)).toEqual([...addresses, ...addresses].sort());
  });

  it('refuses a send without a key or with a key that is not a UUID (400 on idempotency_key)', async () => {
    const { idempotency_key: _omitted, ...keyless } = message({ audience: { kind: 'all' } });
    const refusals = [
      [keyless, communicationMessages.noKey],
      [{ ...keyless, idempotency_key: 'abc' }, communicationMessages.badKey],
    ] as const;
    for (const [body, refusal] of refusals) {
      const response = await post(ctx, p.admin.token, SEND, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        errors: [{ path: 'idempotency_key', message: refusal }],
      });
    }
    const stored = await ctx.db
      .select()
      .from(massCommunications)
      .where(eq(massCommunications.title, keyless.title));
    expect(stored).toHaveLength(0);
  });

  it('refuses an unknown club (404), an audience of nobody (422) and bad fields (400)', async () => {
    const unknown = await post(
      ctx,
      p.admin.token,
      SEND,
      message({ audience: { kind: 'clubs', club_ids: [999999] } }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      errors: [{ path: 'audience.club_ids', message: communicationMessages.unknownClub }],
    });
    // The only super admin is the sender, who never counts.
    const lonely = await post(
      ctx,
      p.admin.token,
      PREVIEW,
      message({ audience: { kind: 'role', role: 'Super Admin' } }),
    );
    expect(lonely.json<{ data: CommunicationPreview }>().data.recipients).toBe(0);
    const nobody = await post(
      ctx,
      p.admin.token,
      SEND,
      message({ audience: { kind: 'role', role: 'Super Admin' } }),
    );
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json()).toMatchObject({
      errors: [{ path: 'audience', message: communicationMessages.nobody }],
    });
    const noChannel = await post(
      ctx,
      p.admin.token,
      SEND,
      message({ channels: [], audience: { kind: 'all' } }),
    );
    expect(noChannel.statusCode).toBe(400);
    expect(noChannel.body).toContain(communicationMessages.noChannel);
    const badRole = await post(
      ctx,
      p.admin.token,
      PREVIEW,
      message({ audience: { kind: 'role', role: 'Portero' } as never }),
    );
    expect(badRole.statusCode).toBe(400);
    expect(badRole.body).toContain('El rol debe ser');
  });

  it('audits a send once, with audience and channels but never the body; a repeat or a refusal writes none', async () => {
    const sent = () =>
      ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'communication.sent'), eq(auditLog.actorUserId, p.admin.id)))
        .orderBy(auditLog.id);
    const before = (await sent()).length;
    const body = message({
      title: 'Aviso auditado',
      body: 'Texto privado del mensaje',
      channels: ['in_app', 'email'],
      audience: { kind: 'clubs', club_ids: [p.b.clubId, p.a.clubId] },
    });
    const first = await post(ctx, p.admin.token, SEND, body);
    expect(first.statusCode, first.body).toBe(201);
    const { data } = first.json<{ data: Communication }>();
    expect((await post(ctx, p.admin.token, SEND, body)).statusCode).toBe(200);
    const nobody = await post(
      ctx,
      p.admin.token,
      SEND,
      message({ audience: { kind: 'role', role: 'Super Admin' } }),
    );
    expect(nobody.statusCode).toBe(422);

    const rows = (await sent()).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: p.admin.id,
      clubId: null,
      targetType: 'communication',
      targetId: data.id,
      details: {
        kind: 'announcement',
        title: 'Aviso auditado',
        audience: 'clubs',
        club_ids: [p.a.clubId, p.b.clubId].sort((x, y) => x - y),
        channels: ['in_app', 'email'],
        recipients: data.recipients,
      },
    });
    expect(JSON.stringify(rows[0])).not.toContain('Texto privado');
  });

  it('is for the super admin only', async () => {
    for (const [method, url] of [
      ['POST', SEND],
      ['POST', PREVIEW],
      ['GET', SEND],
    ] as const) {
      const response = await ctx.request({
        method,
        url,
        token: p.a.owner.token,
        ...(method === 'POST' ? { body: message({ audience: { kind: 'all' } }) } : {}),
      });
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain(platformMessages.superAdminOnly);
    }
  });

  it('lists the history newest first, paged, with the sender', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: `${SEND}?pageSize=10`,
      token: p.admin.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<CommunicationListResponse>();
    const stored = await ctx.db.select().from(massCommunications);
    expect(list.total).toBe(stored.length);
    const times = list.data.map((row) => row.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(list.data[0]?.sender).toMatchObject({ id: p.admin.id });
    const searched = await ctx.request({
      method: 'GET',
      url: `${SEND}?q=correo`,
      token: p.admin.token,
    });
    expect(searched.json<CommunicationListResponse>().data.map((row) => row.title)).toEqual([
      'Solo por correo',
    ]);
  });
});
