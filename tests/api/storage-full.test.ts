import { desc, eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { serverErrors } from '../../server/db/schema/platform';
import { users } from '../../server/db/schema/users';
import { faultMessages } from '../../server/lib/faults';
import { superAdmin } from './support/clubs';
import { clubMethods, stored } from './support/payment-actions';
import { postForm } from './support/payment-proofs';
import { MARCH_10, moneyClub } from './support/payments';
import {
  FakeClock,
  MemoryMailer,
  MemoryStorage,
  type TestContext,
  describeEachDatabase,
  registerUser,
  testConfig,
} from './support/test-app';
import { multipart, png } from './support/uploads';

/*
 * A full disk for uploads (issue #18 part 3; docs/faults.md): the storage refuses the
 * write with ENOSPC (or EDQUOT, a quota), the request is answered 507 with a Spanish
 * message, and nothing is left half written: the file is stored before any row points at
 * it, so the row is never written.
 */

const expectStorageFull = (response: { statusCode: number; body: string; headers: object }) => {
  expect(response.statusCode, response.body).toBe(507);
  expect(JSON.parse(response.body)).toEqual({ message: faultMessages.storageFull });
  // It lasts until someone frees space: no invitation to retry on a timer.
  expect(response.headers).not.toHaveProperty('retry-after');
};

const uploadPhoto = async (ctx: TestContext, token: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/profile/photo',
    token,
    ...multipart('photo', 'foto.png', 'image/png', await png(40, 40)),
  });

describeEachDatabase('A full disk for uploads', (ctx) => {
  afterEach(() => {
    ctx.storage.failWritesWith = undefined;
    ctx.storage.files.clear();
  });

  it.each(['ENOSPC', 'EDQUOT'] as const)(
    'answers 507 to a profile photo on %s, and the person keeps no photo',
    async (code) => {
      const person = await registerUser(ctx);
      ctx.storage.failWritesWith = code;
      expectStorageFull(await uploadPhoto(ctx, person.token));
      const [row] = await ctx.db
        .select({ photoUrl: users.photoUrl })
        .from(users)
        .where(eq(users.id, person.id));
      expect(row?.photoUrl).toBeNull();
      expect(ctx.storage.files.size).toBe(0);

      // Space freed: the same upload goes through.
      ctx.storage.failWritesWith = undefined;
      expect((await uploadPhoto(ctx, person.token)).statusCode).toBe(200);
      expect(ctx.storage.files.size).toBe(1);
    },
  );

  it('answers 507 to a proof of payment, leaving no record, no event and the payment as it was', async () => {
    ctx.clock.set(MARCH_10);
    const f = await moneyClub(ctx);
    const methods = await clubMethods(ctx, f.clubId);
    const paymentId = f.list[7]!.id;
    const before = await stored(ctx, f.clubId, paymentId);
    ctx.storage.failWritesWith = 'ENOSPC';
    const response = await postForm(
      ctx,
      f.juan.token,
      f.clubId,
      paymentId,
      { amount: 80_000, payment_method_id: methods.cash, paid_on: '2026-03-09' },
      { filename: 'comprobante.png', contentType: 'image/png', bytes: await png(200, 100) },
    );
    expectStorageFull(response);
    expect(await stored(ctx, f.clubId, paymentId)).toEqual(before);
    expect(ctx.storage.files.size).toBe(0);
  });

  it('answers 507 to a blog cover', async () => {
    const admin = await superAdmin(ctx);
    ctx.storage.failWritesWith = 'ENOSPC';
    const response = await ctx.request({
      method: 'POST',
      url: '/api/admin/blog-posts/cover',
      token: admin.token,
      ...multipart('cover', 'portada.png', 'image/png', await png(60, 40)),
    });
    expectStorageFull(response);
    expect(ctx.storage.files.size).toBe(0);
  });

  it('logs the error with its code and never the uploaded body, and keeps it for the panel', async () => {
    const lines: string[] = [];
    const storage = new MemoryStorage();
    const app = buildApp({
      db: ctx.handle,
      config: testConfig(),
      clock: new FakeClock(),
      mailer: new MemoryMailer(),
      storage,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const person = await registerUser({ ...ctx, request: (o) => injectVia(app, o) });
      const newest = async () =>
        (await ctx.db.select().from(serverErrors).orderBy(desc(serverErrors.id)).limit(1))[0];
      const lastId = (await newest())?.id ?? 0;
      storage.failWritesWith = 'ENOSPC';
      const body = multipart('photo', 'secreto-medico.png', 'image/png', await png(40, 40));
      const response = await app.inject({
        method: 'POST',
        url: '/api/profile/photo',
        headers: { authorization: `Bearer ${person.token}`, ...body.headers },
        payload: body.payload,
      });
      expectStorageFull(response);
      const text = lines.join('');
      expect(text).toContain('storage-full');
      expect(text).toContain('"code":"ENOSPC"');
      expect(text).not.toContain('secreto-medico');
      expect(text).not.toContain('Content-Disposition');

      // The panel's record lands without the request waiting for it.
      let recorded = await newest();
      for (let i = 0; i < 100 && (recorded?.id ?? 0) <= lastId; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        recorded = await newest();
      }
      expect(recorded).toMatchObject({
        method: 'POST',
        route: '/api/profile/photo',
        statusCode: 507,
      });
      expect(recorded!.id).toBeGreaterThan(lastId);
    } finally {
      await app.close();
    }
  });
});

/** `ctx.request`'s shape, on another app. */
function injectVia(
  app: ReturnType<typeof buildApp>,
  options: Parameters<TestContext['request']>[0],
) {
  const { token, body, headers, ...rest } = options;
  return app.inject({
    ...rest,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body !== undefined ? { payload: body as string } : {}),
  });
}
