import { randomUUID } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CommunicationSend } from '../../contract/communications.schema';
import { roles } from '../../server/db/schema/access';
import { clubs } from '../../server/db/schema/clubs';
import { emailOutbox } from '../../server/db/schema/mail';
import { clubMemberships } from '../../server/db/schema/memberships';
import { notifications } from '../../server/db/schema/notifications';
import { massCommunications } from '../../server/db/schema/platform';
import { users } from '../../server/db/schema/users';
import {
  type CommunicationJob,
  createCommunicationDelivery as createDelivery,
} from '../../server/features/communications/communications.delivery';
import { createCommunicationsService } from '../../server/features/communications/communications.service';
import { createNotifier } from '../../server/features/notifications/notify';
import { MailOutbox } from '../../server/mail/outbox';
import type { JobQueue } from '../../server/queue/job-queue';
import { superAdmin } from './support/clubs';
import { startTestQueue } from './support/job-queue';
import { type TestContext, describeEachDatabase } from './support/test-app';

/*
 * A mass communication's delivery on the `communications` queue (issue #36 item 2): an
 * audience larger than one batch is answered at once and delivered by the queue; a run that
 * dies mid-way goes on from its last committed batch; runs at once reach each person once.
 * Who should be reached is read from the fixture (the accounts this suite made), not from
 * the server's audience SQL.
 */

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };
/** A small batch, so that a few accounts make three batches. */
const BATCH = 40;
const PEOPLE = BATCH * 2 + 17;
const createCommunicationDelivery = (
  deps: Omit<Parameters<typeof createDelivery>[0], 'batchSize'>,
) => createDelivery({ ...deps, batchSize: BATCH });

describeEachDatabase('Mass communications: delivery on the queue', (ctx: TestContext) => {
  let queue: JobQueue;
  let admin: { id: number; token: string };
  /** The accounts this suite made, all reachable: every communication is to their club. */
  let people: number[];
  let clubId: number;

  const outboxOf = (q?: JobQueue) =>
    new MailOutbox(ctx.db, ctx.mailer, ctx.clock, quiet as never, q);

  beforeAll(async () => {
    queue = await startTestQueue(ctx);
    admin = await superAdmin(ctx);
    const [club] = await ctx.db
      .insert(clubs)
      .values({ name: 'Club Federado' })
      .returning({ id: clubs.id });
    clubId = club!.id;
    const made = (
      (await ctx.db.execute(sql`insert into ${users} (name, lastname, email)
        select 'Persona', 'Federada ' || n, 'federada' || n || '-' || ${randomUUID()} || '@correo.test'
        from generate_series(1, ${PEOPLE}) as n returning id`)) as { rows: unknown[] }
    ).rows as { id: number }[];
    people = made.map((row) => Number(row.id)).sort((a, b) => a - b);
    await ctx.db.execute(sql`insert into ${clubMemberships} (user_id, club_id, role_id)
      select u, ${clubId}, (select id from ${roles} where name = 'Jugador')
      from unnest(${`{${people.join(',')}}`}::int[]) as u`);
  });
  afterAll(async () => {
    await queue?.stop(2_000);
  });

  const input = (channels: CommunicationSend['channels']): CommunicationSend => ({
    kind: 'announcement',
    title: `Aviso federado ${randomUUID().slice(0, 8)}`,
    body: 'Las inscripciones de la temporada abren el lunes.',
    audience: { kind: 'clubs', club_ids: [clubId] },
    channels,
    idempotency_key: randomUUID(),
  });

  /** Who has how many notifications of communication `id`, and how many e-mails titled `title`. */
  const reached = async (id: number, title: string) => {
    const notified = await ctx.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.subject, `communication:${id}`));
    const mailed = await ctx.db
      .select({ to: emailOutbox.to })
      .from(emailOutbox)
      .where(like(emailOutbox.subject, title));
    return { notified: notified.map((row) => row.userId), mailed: mailed.map((row) => row.to) };
  };
  /** A queue that takes the job and never runs it: the test runs the delivery itself. */
  const heldQueue = { send: async () => null } as unknown as JobQueue;
  const rowOf = async (id: number) =>
    (await ctx.db.select().from(massCommunications).where(eq(massCommunications.id, id)))[0]!;

  it('answers a communication larger than one batch at once; the queue reaches each person once', async () => {
    const notifier = createNotifier({ clock: ctx.clock, outbox: outboxOf(queue) });
    const delivery = createCommunicationDelivery({ db: ctx.db, clock: ctx.clock, notifier });
    const service = createCommunicationsService({ db: ctx.db, clock: ctx.clock, delivery, queue });
    const message = input(['in_app', 'email']);
    const { data } = await service.send(admin.id, message);
    expect(data.recipients).toBe(PEOPLE);
    expect(data.delivered_at).toBeNull();
    expect((await reached(data.id, message.title)).notified).toEqual([]);

    await queue.work<CommunicationJob>('communications', (job) =>
      delivery.deliver(job.data.communicationId),
    );
    await expect
      .poll(async () => (await rowOf(data.id)).deliveredAt, { timeout: 30_000, interval: 200 })
      .not.toBeNull();
    const { notified, mailed } = await reached(data.id, message.title);
    expect([...notified].sort((a, b) => a - b)).toEqual(people);
    expect(mailed).toHaveLength(PEOPLE);
    expect(new Set(mailed).size).toBe(PEOPLE);
    // The history says it was delivered.
    const history = await ctx.request({
      method: 'GET',
      url: '/api/admin/communications',
      token: admin.token,
    });
    expect(
      history.json<{ data: { id: number; delivered_at: string | null }[] }>().data,
    ).toContainEqual(expect.objectContaining({ id: data.id, delivered_at: expect.any(String) }));
  });

  it('a run that dies after its first batch is finished by the next, each person mailed once', async () => {
    const outbox = outboxOf();
    const real = createNotifier({ clock: ctx.clock, outbox });
    let calls = 0;
    // The second batch's transaction fails after its notifications were written: it rolls
    // back with its cursor, as when the server dies mid-batch.
    const dying = {
      ...real,
      mailCreated: async (...args: Parameters<typeof real.mailCreated>) => {
        calls += 1;
        const queued = await real.mailCreated(...args);
        if (calls === 2) throw new Error('server killed');
        return queued;
      },
    };
    const message = input(['email']);
    const service = createCommunicationsService({
      db: ctx.db,
      clock: ctx.clock,
      delivery: createCommunicationDelivery({ db: ctx.db, clock: ctx.clock, notifier: dying }),
      queue: heldQueue,
    });
    const { data } = await service.send(admin.id, message);
    const first = createCommunicationDelivery({ db: ctx.db, clock: ctx.clock, notifier: dying });
    await expect(first.deliver(data.id)).rejects.toThrow('server killed');
    expect((await reached(data.id, message.title)).mailed).toHaveLength(BATCH);
    expect((await rowOf(data.id)).deliveredAt).toBeNull();

    const next = createCommunicationDelivery({ db: ctx.db, clock: ctx.clock, notifier: real });
    await next.deliver(data.id);
    const { mailed } = await reached(data.id, message.title);
    expect(mailed).toHaveLength(PEOPLE);
    expect(new Set(mailed).size).toBe(PEOPLE);
    expect((await rowOf(data.id)).deliveredAt).not.toBeNull();
  });

  it('the same delivery run 20 times at once reaches each person once', async () => {
    const notifier = createNotifier({ clock: ctx.clock, outbox: outboxOf() });
    const delivery = createCommunicationDelivery({ db: ctx.db, clock: ctx.clock, notifier });
    const service = createCommunicationsService({
      db: ctx.db,
      clock: ctx.clock,
      delivery,
      queue: heldQueue,
    });
    // By e-mail only: no notification's unique index to fall back on, the lock alone.
    const message = input(['email']);
    const { data } = await service.send(admin.id, message);
    await Promise.all(Array.from({ length: 20 }, () => delivery.deliver(data.id)));
    const { mailed } = await reached(data.id, message.title);
    expect(mailed).toHaveLength(PEOPLE);
    expect(new Set(mailed).size).toBe(PEOPLE);
  });
});
