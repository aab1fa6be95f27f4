/**
 * The notification polling of issue #13 ("Speed"): 10,000 users polling the bell every
 * 30 s, ≈ 333 req/s, half `GET /api/notifications/unread-count` and half
 * `GET /api/notifications/dropdown?limit=5`. Written by set-based SQL on PGlite and
 * PostgreSQL alike, for the demo club's 10,000 Jugador members (bench/players.ts makes
 * them):
 *
 * - 40 notifications each (400,000), spread over 90 days, newest first: 0–5 unread (the
 *   newest ones; 2.5 on average), one in ten archived (plus, for a third of the users, an
 *   archived one never read), the rest read; the seven types in turn (system alerts
 *   platform-wide, club_id null), priorities urgent 5 %, high 20 %, medium 45 %, low 30 %.
 * - a session token for each user, signed by the app's token service with the bench's
 *   secret (10,000 logins would be 10,000 scrypt hashes): `sub`, `tv` = token_version,
 *   `jti`, `exp`, exactly what requireUser checks.
 *
 * Idempotent on a kept database: skipped when the bench's rows are there.
 */
import { sql } from 'drizzle-orm';
import { createTokenService } from '../server/auth/tokens';
import type { DbHandle } from '../server/db/client';
import { systemClock } from '../server/lib/clock';
import type { RateScenario } from './measure-rate';

export const BENCH_NOTIFICATION_USERS = 10_000;
export const NOTIFICATIONS_PER_USER = 40;
/** Users per statement (80,000 rows each). */
const USERS_PER_BATCH = 2_000;
const SUBJECT_PREFIX = 'bench:';

/** Who polls: the users, their token versions, and what they hold. */
export interface BenchNotifications {
  users: { id: number; tokenVersion: number }[];
  notifications: number;
  unread: number;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

const TYPES = `array['payment_due','club_announcement','event_reminder','training_update',
  'match_result','attendance_alert','system_alert']`;
const TITLES = `array['Recordatorio de pago','Anuncio del club','Recordatorio de evento',
  'Cambio de entrenamiento','Resultado del partido','Alerta de asistencia','Aviso de la plataforma']`;
const URLS = `array['/payments','/home','/calendar','/calendar','/matches','/attendance','/home']`;

/** The club's first 10,000 Jugador members, in user id order, numbered from 0. */
const chosenUsers = (clubId: number) => sql`
  select m.user_id, u.token_version, (row_number() over (order by m.user_id) - 1)::int as u
    from club_memberships m join users u on u.id = m.user_id
   where m.club_id = ${clubId} and m.role_id = (select id from roles where name = 'Jugador')
   order by m.user_id limit ${BENCH_NOTIFICATION_USERS}`;

/** The notifications of the chosen users numbered `from` to `to` (inclusive). */
function insertNotifications(clubId: number, from: number, to: number) {
  return sql`
    with chosen as (${chosenUsers(clubId)}),
    grid as (
      select c.user_id, c.u, k, 1 + (c.u + 3 * k) % 7 as t, (c.u * 31 + k * 17) % 100 as h,
             now() - make_interval(secs => k * 194400 + (c.u * 7919) % 86400) as at,
             k < c.u % 6 as unread, k = 38 and c.u % 3 = 0 as unread_archived
        from chosen c, generate_series(0, ${NOTIFICATIONS_PER_USER - 1}) k
       where c.u between ${from} and ${to}
    )
    insert into notifications (user_id, club_id, type, priority, title, message, data, subject,
                               day, read_at, archived_at, created_at)
    select user_id, case when t = 7 then null else ${clubId}::int end,
           (${sql.raw(TYPES)})[t],
           case when h < 5 then 'urgent' when h < 25 then 'high' when h < 70 then 'medium' else 'low' end,
           (${sql.raw(TITLES)})[t],
           'Notificación de prueba ' || k || ' del usuario ' || u,
           jsonb_build_object('action_url', (${sql.raw(URLS)})[t]),
           ${SUBJECT_PREFIX}::text || k, (at at time zone 'UTC')::date,
           case when not (unread or unread_archived) then at + interval '2 hours' end,
           case when k % 10 = 7 or unread_archived then at + interval '1 day' end,
           at
      from grid`;
}

/** Writes the notifications of the club's 10,000 players (once) and lists who polls. */
export async function seedBenchNotifications(
  handle: DbHandle,
  clubId: number,
  log: (line: string) => void = () => undefined,
): Promise<BenchNotifications> {
  const { db } = handle;
  const users = rowsOf(await db.execute(chosenUsers(clubId))).map((row) => ({
    id: Number(row.user_id),
    tokenVersion: Number(row.token_version),
  }));
  if (users.length < BENCH_NOTIFICATION_USERS)
    throw new Error(`The club has ${users.length} players, not ${BENCH_NOTIFICATION_USERS}`);
  const expected = BENCH_NOTIFICATION_USERS * NOTIFICATIONS_PER_USER;
  const count = async () =>
    rowsOf(
      await db.execute(sql`
        select count(*)::int as n, (count(*) filter (where read_at is null and archived_at is null))::int as unread
          from notifications where subject like ${`${SUBJECT_PREFIX}%`}`),
    )[0]!;
  let held = await count();
  if (Number(held.n) === 0) {
    const started = performance.now();
    for (let from = 0; from < BENCH_NOTIFICATION_USERS; from += USERS_PER_BATCH) {
      await db.execute(insertNotifications(clubId, from, from + USERS_PER_BATCH - 1));
    }
    await db.execute(sql`vacuum analyze notifications`);
    held = await count();
    log(
      `demo club: ${expected} notifications for ${BENCH_NOTIFICATION_USERS} players written in ${Math.round(performance.now() - started)} ms`,
    );
  }
  if (Number(held.n) !== expected)
    throw new Error(`${String(held.n)} bench notifications, not ${expected}: drop the database`);
  return { users, notifications: Number(held.n), unread: Number(held.unread) };
}

/** A session token per user, signed as the app signs them (same secret, claims and expiry). */
export async function signBenchTokens(
  users: BenchNotifications['users'],
  jwtSecret: Uint8Array,
): Promise<string[]> {
  const tokens = createTokenService(jwtSecret, systemClock);
  return Promise.all(
    users.map((user) => tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion })),
  );
}

/**
 * The polling at `rate` req/s over every user (the bell's two calls in turn, with the
 * working club's X-Club-Id as the browser sends it), and the bare route at the same rate.
 */
export function notificationScenarios(options: {
  base: string;
  bareUrl: string;
  clubId: number;
  tokens: readonly string[];
  rate: number;
  sockets: number;
}): RateScenario[] {
  const { base, rate, sockets } = options;
  const users = options.tokens.length.toLocaleString('en-US');
  return [
    {
      name: `notifications polling (${rate} req/s, ${users} users)`,
      order: {
        rate,
        sockets,
        method: 'GET',
        urls: [
          `${base}/api/notifications/unread-count`,
          `${base}/api/notifications/dropdown?limit=5`,
        ],
        callers: options.tokens.map((token) => ({ authorization: `Bearer ${token}` })),
        headers: { 'x-club-id': String(options.clubId) },
      },
    },
    {
      name: `GET /bare (plain Fastify) at ${rate} req/s`,
      order: { rate, sockets, method: 'GET', urls: [options.bareUrl], callers: [{}] },
    },
  ];
}

/** Both polling calls once with the first user's token: a refusal would only show as failures. */
export async function checkPolling(scenario: RateScenario): Promise<void> {
  for (const url of scenario.order.urls) {
    const headers = { ...scenario.order.headers, ...scenario.order.callers[0] };
    const answer = await fetch(url, { headers });
    if (!answer.ok) throw new Error(`${url} answered ${answer.status}: ${await answer.text()}`);
  }
}
